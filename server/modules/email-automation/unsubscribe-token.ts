import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The unsubscribe link's token: the sender and the address, signed, so the link works without
 * signing in (one click, RFC 8058) and cannot be forged for another address.
 */
export function unsubscribeToken(secret: string, senderId: string, email: string): string {
  const payload = Buffer.from(JSON.stringify([senderId, email.toLowerCase()])).toString("base64url");
  const mac = createHmac("sha256", secret).update(payload).digest("base64url").slice(0, 32);
  return `${payload}.${mac}`;
}

/** The sender and address of a genuine token, or undefined. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { senderId: string; email: string } | undefined {
  const [payload, mac] = token.split(".");
  if (!payload || !mac) return undefined;
  const expected = createHmac("sha256", secret).update(payload).digest("base64url").slice(0, 32);
  if (mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected)))
    return undefined;
  try {
    const [senderId, email] = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as [
      string,
      string,
    ];
    return typeof senderId === "string" && typeof email === "string" ? { senderId, email } : undefined;
  } catch {
    return undefined;
  }
}
