import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../../http/app-error";

/** Invitations one account may send per day. */
export const INVITES_PER_DAY = 50;

/**
 * Limits invitations per inviting account, in the PostgreSQL store every instance shares, so
 * the invite form cannot be used to mail strangers in bulk or to probe which addresses have
 * accounts. Every attempt counts, refused ones included.
 */
export function createInviteLimit(pool: pg.Pool, points = INVITES_PER_DAY) {
  const limiter = new RateLimiterPostgres({
    storeClient: pool,
    tableName: "rate_limits",
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: "affiliate_invite",
    points,
    duration: 24 * 60 * 60,
  });
  return {
    /** Spends one invitation of the user's allowance, or refuses with 429 when it is used up. */
    async spend(userId: string): Promise<void> {
      try {
        await limiter.consume(userId);
      } catch (e) {
        if (!(e instanceof RateLimiterRes)) throw e;
        throw new AppError(
          "TOO_MANY_REQUESTS",
          `You have sent too many invitations today. Please try again in ${Math.ceil(e.msBeforeNext / 3_600_000)} hours.`,
        );
      }
    },
  };
}
