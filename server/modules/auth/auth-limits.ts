import { createHash } from "node:crypto";
import type pg from "pg";
import { RateLimiterPostgres, type RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../../http/app-error";

export interface AuthLimitOptions {
  /** Failed sign-ins per account per hour. */
  loginPerAccount: number;
  /** Failed sign-ins per address per hour. */
  loginPerAddress: number;
  /** Registrations per address per hour. */
  registerPerAddress: number;
}

const HOUR = 60 * 60;

/** Accounts are keyed by a hash of the lowercased name: any length fits the store's key column. */
const accountKey = (account: string) =>
  createHash("sha256").update(account.toLowerCase()).digest("base64url");

/**
 * Sign-in and registration limits, kept in PostgreSQL so that every instance shares them.
 * They are checked before any password is hashed.
 */
export function createAuthLimits(pool: pg.Pool, options: AuthLimitOptions) {
  const make = (keyPrefix: string, points: number) =>
    new RateLimiterPostgres({
      storeClient: pool,
      tableName: "rate_limits",
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix,
      points,
      duration: HOUR,
    });
  const loginAccount = make("login_account", options.loginPerAccount);
  const loginAddress = make("login_address", options.loginPerAddress);
  const registerAddress = make("register_address", options.registerPerAddress);

  const refuseIfSpent = async (limiter: RateLimiterPostgres, key: string) => {
    const res = await limiter.get(key);
    if (res && res.consumedPoints >= limiter.points) {
      throw new AppError(
        "TOO_MANY_REQUESTS",
        `Too many attempts. Please try again in ${Math.ceil(res.msBeforeNext / 60_000)} minutes.`,
      );
    }
  };
  // Consuming past the limit rejects with the limiter's state; that is expected, not an error.
  const spend = (limiter: RateLimiterPostgres, key: string) =>
    limiter.consume(key).catch((e: RateLimiterRes | Error) => {
      if (e instanceof Error) throw e;
    });

  return {
    async beforeLogin(account: string, address: string) {
      await refuseIfSpent(loginAccount, accountKey(account));
      await refuseIfSpent(loginAddress, address);
    },
    async loginFailed(account: string, address: string) {
      await spend(loginAccount, accountKey(account));
      await spend(loginAddress, address);
    },
    async loginSucceeded(account: string) {
      await loginAccount.delete(accountKey(account));
    },
    async beforeRegister(address: string) {
      await refuseIfSpent(registerAddress, address);
      await spend(registerAddress, address);
    },
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;
