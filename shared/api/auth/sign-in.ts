import { z } from "zod";
import { cleanDisplayName, hasVisibleCharacter } from "../../display-name";

/** The sign-in endpoints (`/api/auth/…`); security's own are in `security.ts`. */
export const AUTH_PATHS = {
  me: "/api/auth/me",
  login: "/api/auth/login",
  register: "/api/auth/register",
  logout: "/api/auth/logout",
  profile: "/api/auth/profile",
  changePassword: "/api/auth/change-password",
  /** `DELETE`: the account and everything it owns (a recent sign-in required). */
  account: "/api/auth/account",
} as const;

/** Minimum password length, docs/product.md#constants. */
export const MIN_PASSWORD_LENGTH = 8;

const email = z.string().trim().max(254).pipe(z.email("Please enter a valid email address"));
const username = z
  .string()
  .trim()
  .min(3, "Username must be at least 3 characters")
  .max(32, "Username must be at most 32 characters")
  .regex(/^[a-zA-Z0-9_.-]+$/, "Username may use letters, digits, dots, dashes and underscores");
/**
 * A person's name as shown to others: no control or bidirectional-override characters, and at
 * least one character that can be seen (a name of zero-width spaces would show as a blank).
 */
const displayName = (requiredMessage: string) =>
  z
    .string()
    .max(100)
    .transform(cleanDisplayName)
    .pipe(
      z
        .string()
        .min(1, requiredMessage)
        .refine(hasVisibleCharacter, "Name needs at least one visible character"),
    );

/** A new password (registration, change, reset): the one place its rules and messages are written. */
export const ZNewPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, "Password must be at least 8 characters long.")
  .max(256, "Password is too long");

export const ZLoginBody = z.object({
  usernameOrEmail: z.string().trim().min(1, "Enter your username or email").max(254),
  password: z.string().min(1, "Enter your password").max(256),
});

export const ZRegisterBody = z.object({
  name: displayName("Required"),
  username,
  email,
  password: ZNewPassword,
  /** The browser's IANA time zone; "today" is computed in it. */
  timeZone: z.string().max(64).optional(),
  /** A referral code from an invitation link. */
  referralCode: z.string().trim().max(64).optional(),
  /** The click of the short referral link that brought the visitor (credited with the registration). */
  referralClick: z.string().trim().max(64).optional(),
});

export const ZProfileBody = z.object({
  name: displayName("Name is required"),
  email,
  username,
});

export const ZChangePasswordBody = z.object({
  currentPassword: z.string().min(1, "Current password is required").max(256),
  newPassword: ZNewPassword,
});

/** The signed-in user as `GET /api/auth/me` answers it. */
export const ZSessionUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  plan: z.string(),
  timeZone: z.string(),
  referralCode: z.string(),
});

export type TSessionUser = z.infer<typeof ZSessionUser>;
/**
 * `POST /api/auth/login`: with a second factor set up, it must follow before there is a session:
 * an authenticator code (`totp`) or a passkey or security key (`webauthn`).
 */
export const ZLoginAnswer = z.object({
  twoFactorRequired: z.boolean().optional(),
  /** Device management: the device waits for approval (`POST /api/auth/device-approval`). */
  deviceApprovalRequired: z.boolean().optional(),
  secondFactors: z.object({ totp: z.boolean(), webauthn: z.boolean() }).optional(),
});
/** `GET /api/auth/me` while signed in (401 while signed out). */
export const ZSessionAnswer = z.object({ user: ZSessionUser });
/**
 * `PUT /api/auth/profile`: the user as saved (still with the old email) and the new address that
 * waits for the link mailed to it, or null when the email did not change.
 */
export const ZProfileAnswer = z.object({ user: ZSessionUser, pendingEmail: z.string().nullable() });
export type TLoginBody = z.infer<typeof ZLoginBody>;
export type TRegisterBody = z.infer<typeof ZRegisterBody>;
export type TProfileBody = z.infer<typeof ZProfileBody>;
export type TChangePasswordBody = z.infer<typeof ZChangePasswordBody>;
