import type pg from "pg";
import { createRateLimit, waitInWords } from "../../http/rate-limit";

/** Invitations one account may send per day. */
export const INVITES_PER_DAY = 50;

/**
 * Limits invitations per inviting account, so the invite form cannot be used to mail strangers
 * in bulk or to probe which addresses have accounts. Every attempt counts, refused ones included.
 */
export function createInviteLimit(pool: pg.Pool, points = INVITES_PER_DAY) {
  return createRateLimit(pool, {
    keyPrefix: "affiliate_invite",
    points,
    windowSeconds: 24 * 60 * 60,
    message: (wait) => `You have sent too many invitations today. Please try again in ${waitInWords(wait)}.`,
  });
}
