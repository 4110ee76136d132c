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

/** `GET /api/auth/2fa`. */
export interface TTwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** `POST /api/auth/2fa/setup`: the secret, its otpauth:// URL and that URL as a QR code (SVG). */
export interface TTwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

/** One signed-in session as `GET /api/auth/sessions` lists it. */
export interface TSignedInSession {
  id: string;
  device: string;
  address: string | null;
  /** The country of the address ("Germany"); null for private or unknown addresses. */
  place: string | null;
  signedInAt: string | null;
  lastSeenAt: string | null;
  current: boolean;
}

/** One row of the audit log (`GET /api/audit-log`). */
export interface TAuditEntry {
  id: string;
  userId: string | null;
  event: string;
  address: string | null;
  device: string;
  detail: Record<string, unknown> | null;
  createdAt: string;
}

export type TCodeBody = z.infer<typeof ZCodeBody>;
export type TReauthBody = z.infer<typeof ZReauthBody>;
