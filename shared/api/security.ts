import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "./auth";

/** A 6-digit authenticator code or a recovery code ("abcde-fghjk"). */
export const ZCodeBody = z.object({
  code: z.string().trim().min(1, "Enter the code from your authenticator app").max(32),
});

/** `POST /api/auth/reauthenticate`: the password again, and a code when 2FA is on. */
export const ZReauthBody = z.object({
  password: z.string().min(1, "Enter your password").max(256),
  code: z.string().trim().max(32).optional(),
});

export const ZPasswordResetBody = z.object({
  email: z.string().trim().max(254).pipe(z.email("Please enter a valid email address")),
});

export const ZPasswordResetConfirmBody = z.object({
  token: z.string().trim().min(1, "This reset link is not valid").max(200),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, "Password must be at least 8 characters long.")
    .max(256, "Password is too long"),
});

export const ZSessionIdParams = z.object({ id: z.string().regex(/^[a-f0-9]{32}$/, "Unknown session") });

/** Account security's endpoints. */
export const SECURITY_PATHS = {
  twoFactor: "/api/auth/2fa",
  twoFactorSetup: "/api/auth/2fa/setup",
  twoFactorEnable: "/api/auth/2fa/enable",
  twoFactorDisable: "/api/auth/2fa/disable",
  recoveryCodes: "/api/auth/2fa/recovery-codes",
  /** The second step of a sign-in with two-factor on. */
  twoFactorVerify: "/api/auth/2fa/verify",
  reauthenticate: "/api/auth/reauthenticate",
  passwordReset: "/api/auth/password-reset",
  passwordResetConfirm: "/api/auth/password-reset/confirm",
  sessions: "/api/auth/sessions",
  session: (id: string) => `/api/auth/sessions/${encodeURIComponent(id)}`,
  auditLog: "/api/audit-log",
  /** The audit-logs add-on: the user's own log as a CSV or JSON download. */
  auditLogExport: "/api/security/audit-log/export",
} as const;

/** `GET /api/security/audit-log/export?format=csv|json`. */
export const ZAuditExportQuery = z.object({ format: z.enum(["csv", "json"]).default("csv") });

/** `GET /api/auth/2fa`. */
export const ZTwoFactorStatus = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number() });
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** `POST /api/auth/2fa/setup`: the secret, its otpauth:// URL and that URL as a QR code (SVG). */
/** Turning 2FA on, or replacing the codes: the ten recovery codes, shown once. */
export const ZRecoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) });
/** Signing the other sessions out: how many ended. */
export const ZEndedSessionsAnswer = z.object({ ended: z.number() });

export const ZTwoFactorSetup = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

/** One signed-in session as `GET /api/auth/sessions` lists it. */
export const ZSignedInSession = z.object({
  id: z.string(),
  device: z.string(),
  address: z.string().nullable(),
  /** The country of the address ("Germany"); null for private or unknown addresses. */
  place: z.string().nullable(),
  signedInAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  current: z.boolean(),
});
export type TSignedInSession = z.infer<typeof ZSignedInSession>;
export const ZSessionsAnswer = z.object({ sessions: z.array(ZSignedInSession) });

/** One row of the audit log (`GET /api/audit-log`). */
export const ZAuditEntry = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  event: z.string(),
  address: z.string().nullable(),
  device: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditLogAnswer = z.object({ events: z.array(ZAuditEntry) });

export type TCodeBody = z.infer<typeof ZCodeBody>;
export type TReauthBody = z.infer<typeof ZReauthBody>;
