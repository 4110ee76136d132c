import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "./app-error";

export interface RateLimitOptions {
  /** Names the counter in the shared `rate_limits` table. */
  keyPrefix: string;
  /** Requests allowed per window. */
  points: number;
  windowSeconds: number;
  /** What the refused caller is told, given how long until the window lets them in again. */
  message: (retryAfterSeconds: number) => string;
}

/** "3 minutes", "2 hours": the wait in words a person reads. */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  if (seconds < 7200) return `${Math.ceil(seconds / 60)} minutes`;
  return `${Math.ceil(seconds / 3600)} hours`;
}

/**
 * A limit kept in PostgreSQL (rate-limiter-flexible's store), so that every app instance shares
 * it. `spend` counts one request and refuses with 429 and `Retry-After` once the window's
 * allowance is used up.
 */
export function createRateLimit(pool: pg.Pool, options: RateLimitOptions) {
  const limiter = new RateLimiterPostgres({
    storeClient: pool,
    tableName: "rate_limits",
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: options.keyPrefix,
    points: options.points,
    duration: options.windowSeconds,
  });
  return {
    async spend(key: string): Promise<void> {
      try {
        await limiter.consume(key);
      } catch (e) {
        if (!(e instanceof RateLimiterRes)) throw e;
        const retryAfterSeconds = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
        throw new AppError("TOO_MANY_REQUESTS", options.message(retryAfterSeconds), { retryAfterSeconds });
      }
    },
    /** Counts one for `key` and answers whether it was within the allowance (never throws on the limit). */
    async allows(key: string): Promise<boolean> {
      try {
        await limiter.consume(key);
        return true;
      } catch (e) {
        if (e instanceof RateLimiterRes) return false;
        throw e;
      }
    },
    /** Forgets the key's count, e.g. an account's failed sign-ins once its owner signs in. */
    async reset(key: string): Promise<void> {
      await limiter.delete(key);
    },
  };
}

export type RateLimit = ReturnType<typeof createRateLimit>;
