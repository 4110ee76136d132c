import { z } from "zod";

/**
 * Passkeys and security keys (docs/security.md#accounts-and-sign-in): WebAuthn credentials. A passkey (the biometric
 * add-on) signs in alone or serves as the second factor; a security key (the 2fa-premium
 * add-on) is a second factor only.
 */
export const PASSKEY_PATHS = {
  list: "/api/auth/passkeys",
  one: "/api/auth/passkeys/:id",
  registerOptions: "/api/auth/passkeys/register/options",
  registerVerify: "/api/auth/passkeys/register/verify",
  loginOptions: "/api/auth/passkeys/login/options",
  loginVerify: "/api/auth/passkeys/login/verify",
  /** Premium 2FA: a second factor on every sign-in (PUT `{required}`). */
  requireTwoFactor: "/api/auth/2fa/required",
} as const;

export const PASSKEY_KINDS = ["passkey", "security-key"] as const;
export type TPasskeyKind = (typeof PASSKEY_KINDS)[number];

export const ZPasskeyName = z
  .string()
  .trim()
  .min(1, "Give it a name")
  .max(60, "Keep the name under 60 characters");

export const ZRegisterOptionsBody = z.object({ kind: z.enum(PASSKEY_KINDS).default("passkey") });

/** What the browser's WebAuthn call answers, as `@simplewebauthn/browser` sends it; checked by the server's verification. */
const ZCredentialResponse = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal("public-key"),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(40).optional(),
});

export const ZRegisterVerifyBody = z.object({
  response: ZCredentialResponse,
  name: ZPasskeyName.optional(),
});

/** `login/options`: after the password, the second factor; with no sign-in under way, passwordless. */
export const ZLoginOptionsBody = z.object({});
export const ZLoginVerifyBody = z.object({ response: ZCredentialResponse });

export const ZRenamePasskeyBody = z.object({ name: ZPasskeyName });
export const ZPasskeyIdParams = z.object({ id: z.uuid("Unknown passkey") });
export const ZRequireTwoFactorBody = z.object({ required: z.boolean() });

/** One credential as Settings → Security lists it. */
export const ZPasskey = z.object({
  id: z.string(),
  kind: z.enum(PASSKEY_KINDS),
  name: z.string(),
  /** "multiDevice" (synced) or "singleDevice". */
  deviceType: z.string(),
  backedUp: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** False while the add-on its kind needs is not held: it is kept but cannot sign in. */
  usable: z.boolean(),
});
export type TPasskey = z.infer<typeof ZPasskey>;

export const ZPasskeysAnswer = z.object({
  passkeys: z.array(ZPasskey),
  /** Premium 2FA's switch, and whether the add-on is held now. */
  requireTwoFactor: z.boolean(),
  addOns: z.object({ biometric: z.boolean(), twoFactorPremium: z.boolean() }),
});
export type TPasskeysAnswer = z.infer<typeof ZPasskeysAnswer>;
