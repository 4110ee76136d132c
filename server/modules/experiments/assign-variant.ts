import { createHash, randomBytes } from "node:crypto";

/** The first-party cookie that names a visitor of parked pages, so a visitor keeps one variant. */
export const VISITOR_COOKIE = "pp_vid";
export const VISITOR_COOKIE_DAYS = 365;

/** A new visitor id: 128 random bits. */
export const newVisitorId = () => randomBytes(16).toString("base64url");

/** The visitor id a request's cookie carries, if a plausible one. */
export function visitorIdOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === VISITOR_COOKIE && value && /^[A-Za-z0-9_-]{16,64}$/.test(value)) return value;
  }
  return null;
}

/**
 * The variant a visitor sees: a hash of the test and the visitor id mapped onto the weights, so
 * the same visitor always gets the same variant of a test, and different tests split independently.
 */
export function assignVariant(experimentId: string, visitorId: string, weights: number[]): number {
  const digest = createHash("sha256").update(`${experimentId}:${visitorId}`).digest();
  // 48 bits of the hash as a fraction in [0, 1).
  const u = digest.readUIntBE(0, 6) / 2 ** 48;
  const total = weights.reduce((a, b) => a + b, 0);
  let edge = 0;
  for (let i = 0; i < weights.length; i++) {
    edge += weights[i] / total;
    if (u < edge) return i;
  }
  return weights.length - 1;
}
