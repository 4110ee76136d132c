import { createHash } from "node:crypto";
import type { RateLimit } from "../../http/rate-limit";

/** Any text becomes a fixed-length key, so a 254-character name fits the store's key column. */
export const limitKey = (text: string) => createHash("sha256").update(text).digest("base64url");

/**
 * How sign-in spends the limits built in `deps.ts` (docs/security.md#trust-at-the-edge). Every attempt is counted before
 * its password is checked, each count in one atomic statement, so concurrent attempts never check
 * more passwords than the limit allows.
 */
/** The limits sign-in applies, from the app's `RateLimits`. */
interface SignInLimits {
  signIn: { perAccount: RateLimit; perAddress: RateLimit; perDevice: RateLimit; codes: RateLimit };
  registrations: RateLimit;
  passwordResets: RateLimit;
}

export function signInPolicy(limits: SignInLimits) {
  const { perAccount: account, perAddress: address, perDevice: device, codes } = limits.signIn;
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
    beforeRegister: (addr: string) => limits.registrations.spend(addr),
    beforePasswordReset: (addr: string) => limits.passwordResets.spend(addr),
  };
}

export type AuthLimits = ReturnType<typeof signInPolicy>;
