import { createHash } from "node:crypto";
import type pg from "pg";
import { createRateLimit, waitInWords } from "../../http/rate-limit";

export interface AuthLimitOptions {
  /** Sign-in attempts per account per hour (a successful sign-in clears the count). */
  loginPerAccount: number;
  /** Sign-in attempts per address per hour. */
  loginPerAddress: number;
  /** Sign-in attempts per known device per hour, once its account is locked. */
  loginPerDevice: number;
  /** Second-factor codes per account per 15 minutes. */
  codesPerAccount: number;
  /** Registrations per address per hour. */
  registerPerAddress: number;
  /** Password-reset requests per address per hour. */
  resetPerAddress: number;
}

const HOUR = 60 * 60;
const signInMessage = (seconds: number) =>
  `Too many sign-in attempts. Please try again in ${waitInWords(seconds)}.`;

/** Any text becomes a fixed-length key, so a 254-character name fits the store's key column. */
export const limitKey = (text: string) => createHash("sha256").update(text).digest("base64url");

/**
 * Sign-in and registration limits (DESIGN §14), kept in PostgreSQL so that every instance shares
 * them. Every attempt is counted before its password is checked, each count in one atomic
 * statement, so concurrent attempts never check more passwords than the limit allows.
 */
export function createAuthLimits(pool: pg.Pool, options: AuthLimitOptions) {
  const account = createRateLimit(pool, {
    keyPrefix: "signin_account",
    points: options.loginPerAccount,
    windowSeconds: HOUR,
    message: signInMessage,
  });
  const address = createRateLimit(pool, {
    keyPrefix: "signin_address",
    points: options.loginPerAddress,
    windowSeconds: HOUR,
    message: signInMessage,
  });
  const device = createRateLimit(pool, {
    keyPrefix: "signin_device",
    points: options.loginPerDevice,
    windowSeconds: HOUR,
    message: signInMessage,
  });
  const codes = createRateLimit(pool, {
    keyPrefix: "signin_code",
    points: options.codesPerAccount,
    windowSeconds: 15 * 60,
    message: (s) => `Too many codes tried. Please try again in ${waitInWords(s)}.`,
  });
  const register = createRateLimit(pool, {
    keyPrefix: "register_address",
    points: options.registerPerAddress,
    windowSeconds: HOUR,
    message: (s) => `Too many accounts created from this address. Please try again in ${waitInWords(s)}.`,
  });
  const reset = createRateLimit(pool, {
    keyPrefix: "reset_address",
    points: options.resetPerAddress,
    windowSeconds: HOUR,
    message: (s) => `Too many password-reset requests. Please try again in ${waitInWords(s)}.`,
  });

  return {
    /**
     * Counts one password attempt for the address and for the account, or, from a device that
     * signed in to this account before, for that device instead of the account: an attacker
     * who locks the account out does not lock its owner out.
     */
    async countSignIn(attempt: { accountKey: string; address: string; knownDeviceKey?: string }) {
      await address.spend(attempt.address);
      if (attempt.knownDeviceKey) await device.spend(attempt.knownDeviceKey);
      else await account.spend(limitKey(attempt.accountKey));
    },
    async signedIn(attempt: { accountKey: string; knownDeviceKey?: string }) {
      await account.reset(limitKey(attempt.accountKey));
      if (attempt.knownDeviceKey) await device.reset(attempt.knownDeviceKey);
    },
    /** One second-factor code tried for the account (sign-in or confirmation). */
    countCode: (userId: string) => codes.spend(userId),
    beforeRegister: (addr: string) => register.spend(addr),
    beforePasswordReset: (addr: string) => reset.spend(addr),
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;
