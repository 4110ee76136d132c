import { and, desc, eq, gte } from "drizzle-orm";
import { auditLog } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import type { RequestMeta } from "../../http/request-meta";
import { entitlementsOf } from "../entitlements/entitlements.service";

/** The security events the audit log records (ASVS V16). */
export type AuditEvent =
  | "sign_in"
  | "sign_in_failed"
  | "sign_out"
  | "two_factor_enabled"
  | "two_factor_disabled"
  | "recovery_codes_regenerated"
  | "recovery_code_used"
  | "reauthenticated"
  | "password_changed"
  | "password_reset_requested"
  | "password_reset"
  | "email_changed"
  | "session_ended"
  | "other_sessions_ended"
  | "payout_requested"
  | "payout_settings_changed"
  | "api_key_created"
  | "api_key_revoked"
  | "passkey_added"
  | "passkey_removed"
  | "two_factor_requirement_changed"
  | "account_locked_down"
  | "account_deleted"
  | "device_approval_requested"
  | "device_approved"
  | "device_renamed"
  | "device_revoked"
  /** An operator console action: detail names the action and the object it was taken on. */
  | "staff_action";

/**
 * Appends one event, inside the caller's transaction when one is passed. The table refuses
 * UPDATE and DELETE, so what is written here stays.
 */
export async function recordAudit(
  db: DbOrTx,
  entry: { userId: string | null; event: AuditEvent; meta: RequestMeta; detail?: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.userId,
    event: entry.event,
    address: entry.meta.address,
    userAgent: entry.meta.userAgent,
    detail: entry.detail ?? null,
  });
}

/** What a user may read of their own log: the last 90 days (Enhanced Security's basic level too). */
export const OWN_AUDIT_DAYS = 90;

/** How far back the log reaches by Enhanced Security level (spec §9: 90 days, 1 year, 7 years). */
const RETENTION_DAYS = { basic: OWN_AUDIT_DAYS, advanced: 365, enterprise: 7 * 365 } as const;

/** The days of their own log a user may read and export: the longest their active level grants. */
export async function auditRetentionDays(db: DbOrTx, userId: string): Promise<number> {
  const granted = new Set((await entitlementsOf({ db, userId })).map((e) => e.feature));
  let days: number = OWN_AUDIT_DAYS;
  for (const [level, levelDays] of Object.entries(RETENTION_DAYS)) {
    if (granted.has(`security:${level}`)) days = Math.max(days, levelDays);
  }
  return days;
}
const PAGE = 500;

export async function listAuditLog(options: { db: DbOrTx; userId?: string; days?: number }) {
  const { db, userId, days } = options;
  const since = days ? new Date(Date.now() - days * 24 * 60 * 60 * 1000) : undefined;
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        userId ? eq(auditLog.userId, userId) : undefined,
        since ? gte(auditLog.createdAt, since) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(PAGE);
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    event: r.event,
    address: r.address,
    userAgent: r.userAgent,
    detail: r.detail as Record<string, unknown> | null,
    createdAt: r.createdAt.toISOString(),
  }));
}
