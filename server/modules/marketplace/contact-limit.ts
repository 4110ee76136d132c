import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../../http/app-error";

/** Messages one buyer may send sellers per hour. */
export const CONTACTS_PER_HOUR = 20;

/**
 * Limits how many sellers a buyer can write to, per sender account, in the PostgreSQL store
 * that every instance shares, so a flood of messages cannot fill sellers' inboxes.
 */
export function createContactLimit(pool: pg.Pool, points = CONTACTS_PER_HOUR) {
  const limiter = new RateLimiterPostgres({
    storeClient: pool,
    tableName: "rate_limits",
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: "marketplace_contact",
    points,
    duration: 60 * 60,
  });
  return {
    /** Spends one message of the sender's allowance, or refuses with 429 when it is used up. */
    async spend(senderId: string): Promise<void> {
      try {
        await limiter.consume(senderId);
      } catch (e) {
        if (!(e instanceof RateLimiterRes)) throw e;
        throw new AppError(
          "TOO_MANY_REQUESTS",
          `You have sent too many messages. Please try again in ${Math.ceil(e.msBeforeNext / 60_000)} minutes.`,
        );
      }
    },
  };
}

export type ContactLimit = ReturnType<typeof createContactLimit>;
