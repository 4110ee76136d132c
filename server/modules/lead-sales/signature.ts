import { createHmac, timingSafeEqual } from "node:crypto";

/** `sha256=<hex HMAC-SHA256 of the body with the buyer's secret>`: what every request of the protocol carries. */
export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/** True when `header` is the body's signature under `secret` (compared in constant time). */
export function signatureMatches(body: string, secret: string, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signBody(body, secret));
  const given = Buffer.from(header.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
