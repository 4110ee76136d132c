import { z } from "zod";
import { ZNewPassword } from "./sign-in";

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
  password: ZNewPassword,
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
  session: "/api/auth/sessions/:id",
  auditLog: "/api/audit-log",
  /** Every account's log, for staff. */
  auditLogAll: "/api/audit-log/all",
  /** The audit-logs add-on: the user's own log as a CSV or JSON download. */
  auditLogExport: "/api/security/audit-log/export",
  /** The incident-response add-on: lock down, and whether the account is locked down. */
  lockdown: "/api/security/lockdown",
} as const;

/** The security events the audit log records (ASVS V16). */
export const AUDIT_EVENTS = [
  /** Registration: the account and the session it starts (a `sign_in` with method "registration"). */
  "account_created",
  "sign_in",
  "sign_in_failed",
  "sign_out",
  "two_factor_enabled",
  "two_factor_disabled",
  "recovery_codes_regenerated",
  "recovery_code_used",
  "reauthenticated",
  "password_changed",
  "password_reset_requested",
  "password_reset",
  "email_changed",
  /** A change of address waits for the link mailed to the new address; detail names it. */
  "email_change_requested",
  "email_change_cancelled",
  /** The account's own address was proven by its confirmation link (the first one, at registration). */
  "email_confirmed",
  /** An address the account never proved, taken by another account that proved it (detail names it). */
  "email_released",
  /** A referral refused: the new account shares a device, network or payment card with its referrer (docs/security.md). */
  "self_referral_refused",
  "session_ended",
  "other_sessions_ended",
  "payout_requested",
  "payout_settings_changed",
  /** Staff downloaded the year-end 1099 export, which carries payees' whole TINs (detail: the year). */
  "tax_export_downloaded",
  "api_key_created",
  "api_key_revoked",
  "passkey_added",
  "passkey_removed",
  "two_factor_requirement_changed",
  "account_locked_down",
  "account_deleted",
  "device_approval_requested",
  "device_approved",
  "device_renamed",
  "device_revoked",
  /** An Enhanced Security level or add-on began (bought, renewed after lapsing); detail names it. */
  "security_add_on_granted",
  /** One ended (lapsed, refunded, dropped by a change of option); detail names it. */
  "security_add_on_ended",
  /** An operator console action: detail names the action and the object it was taken on. */
  "staff_action",
  /** The account was made staff: detail says by what (`command line` or `ADMIN_EMAILS`). */
  "staff_granted",
  "staff_revoked",
  /** Team seats (the owner's log): detail names the address or member, the role and who acted. */
  "team_invitation_sent",
  "team_invitation_revoked",
  "team_invitation_accepted",
  "team_role_changed",
  "team_member_removed",
  "team_member_left",
  /** A member opened the portfolio (the owner's log and the member's). */
  "team_portfolio_switched",
  /** A change a member made in the owner's portfolio: detail names the member, the role, the method and path. */
  "team_member_action",
] as const;
export type TAuditEvent = (typeof AUDIT_EVENTS)[number];

/** How each recorded event reads, in the log and in the weekly security summary. */
export const AUDIT_EVENT_LABELS: Record<TAuditEvent, string> = {
  account_created: "Account created",
  sign_in: "Signed in",
  sign_in_failed: "Failed sign-in attempt",
  sign_out: "Signed out",
  two_factor_enabled: "Two-factor sign-in turned on",
  two_factor_disabled: "Two-factor sign-in turned off",
  recovery_codes_regenerated: "New recovery codes made",
  recovery_code_used: "Recovery code used",
  reauthenticated: "Identity confirmed",
  password_changed: "Password changed",
  password_reset_requested: "Password reset requested",
  password_reset: "Password reset",
  email_changed: "Email changed",
  email_change_requested: "Email change requested",
  email_change_cancelled: "Email change cancelled",
  email_confirmed: "Email confirmed",
  email_released: "Unconfirmed email taken by the account that confirmed it",
  self_referral_refused: "Referral refused: same device, network or payment card as the referrer",
  tax_export_downloaded: "Year-end tax export downloaded",
  session_ended: "Session signed out",
  other_sessions_ended: "Other devices signed out",
  payout_requested: "Payout requested",
  payout_settings_changed: "Payout settings changed",
  api_key_created: "API key created",
  api_key_revoked: "API key revoked",
  passkey_added: "Passkey or security key added",
  passkey_removed: "Passkey or security key removed",
  two_factor_requirement_changed: "Two-factor requirement changed",
  account_locked_down: "Account locked down",
  account_deleted: "Account deleted",
  device_approval_requested: "New device waiting for approval",
  device_approved: "Device approved",
  device_renamed: "Device renamed",
  device_revoked: "Device removed",
  security_add_on_granted: "Security add-on started",
  security_add_on_ended: "Security add-on ended",
  staff_action: "Action by ParkPilot staff",
  staff_granted: "Made ParkPilot staff",
  staff_revoked: "No longer ParkPilot staff",
  team_invitation_sent: "Team invitation sent",
  team_invitation_revoked: "Team invitation withdrawn",
  team_invitation_accepted: "Team invitation accepted",
  team_role_changed: "Team member's role changed",
  team_member_removed: "Team member removed",
  team_member_left: "Team member left",
  team_portfolio_switched: "Portfolio opened by a team member",
  team_member_action: "Change made by a team member",
};

/** `GET /api/audit-log` and its export: one kind of event, and days (UTC, both included). */
export const ZAuditLogQuery = z
  .object({
    event: z.enum(AUDIT_EVENTS, "Unknown event").optional(),
    from: z.iso.date("Use a date such as 2026-01-31").optional(),
    to: z.iso.date("Use a date such as 2026-01-31").optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "The start date is after the end date",
    path: ["from"],
  });
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuery>;

/** `GET /api/security/audit-log/export?format=csv|json`, with the log's filters. */
export const ZAuditExportQuery = z.intersection(
  ZAuditLogQuery,
  z.object({ format: z.enum(["csv", "json"]).default("csv") }),
);

/** `GET /api/security/lockdown`: whether the account is locked down, waiting for a new password. */
export const ZLockdownStatus = z.object({ lockedDown: z.boolean(), since: z.string().nullable() });
export type TLockdownStatus = z.infer<typeof ZLockdownStatus>;

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
export type TPasswordResetBody = z.infer<typeof ZPasswordResetBody>;
