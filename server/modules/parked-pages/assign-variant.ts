import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** The first-party cookie that names a visitor of parked pages, so a visitor keeps one variant. */
export const VISITOR_COOKIE = "pp_vid";
export const VISITOR_COOKIE_DAYS = 365;

/**
 * Visitor ids the server issued for one domain, signed with the app's secret over the id and the
 * domain's name: the cookie is `<id>.<mac>`. An id made up outside (to pick a variant, or to send a
 * conversion for a visitor who never saw the page), or issued on another domain, fails the check
 * and counts as no visitor.
 */
export interface VisitorIds {
  /** A new visitor of `domain`: their id (128 random bits) and the cookie value that carries it. */
  issue(domain: string): { id: string; cookie: string };
  /** The visitor id a request's cookie carries, if the server issued it for `domain`. */
  read(cookieHeader: string | undefined, domain: string): string | null;
}

export function visitorIds(secret: string): VisitorIds {
  const mac = (id: string, domain: string) =>
    createHmac("sha256", secret).update(`visitor:${domain}:${id}`).digest().subarray(0, 16);
  return {
    issue(domain) {
      const id = randomBytes(16).toString("base64url");
      return { id, cookie: `${id}.${mac(id, domain).toString("base64url")}` };
    },
    read(cookieHeader, domain) {
      for (const part of (cookieHeader ?? "").split(";")) {
        const [name, value] = part.trim().split("=");
        if (name !== VISITOR_COOKIE || !value) continue;
        const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/.exec(value);
        if (!match) return null;
        const given = Buffer.from(match[2], "base64url");
        return given.length === 16 && timingSafeEqual(given, mac(match[1], domain)) ? match[1] : null;
      }
      return null;
    },
  };
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
