import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { TLockdownStatus } from "../../../shared/api/auth/security";
import { apiKeys, auditLog, knownDevices, LOCKDOWN_STATE_EVENTS } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import type { RequestMeta } from "../../http/request-meta";
import { recordAudit } from "../audit/audit-log";
import { endOtherSessions } from "./sessions.service";

/**
 * "Lock down my account" (incident-response): ends every session but the current one, refuses
 * the devices waiting for approval, revokes the API keys and freezes payouts until the password
 * is changed. The freeze is read from the
 * append-only audit log, so it cannot be undone except by a password change or reset.
 */
export async function lockDownAccount(options: {
  db: DbOrTx;
  userId: string;
  currentSid: string;
  meta: RequestMeta;
}): Promise<{ endedSessions: number; revokedApiKeys: number }> {
  const { userId, currentSid, meta } = options;
  return options.db.transaction(async (db) => {
    // The user row first: a payout or key creation in flight finishes before, or sees the lockdown.
    await db.execute(sql`select 1 from users where id = ${userId} for update`);
    const endedSessions = await endOtherSessions({ db, userId, currentSid });
    // A sign-in waiting for its device to be approved may be the intruder's: it is refused.
    await db
      .delete(knownDevices)
      .where(and(eq(knownDevices.userId, userId), isNull(knownDevices.approvedAt)));
    const revoked = await db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    await recordAudit(db, {
      userId,
      event: "account_locked_down",
      meta,
      detail: { endedSessions, revokedApiKeys: revoked.length },
    });
    return { endedSessions, revokedApiKeys: revoked.length };
  });
}

/**
 * Locked down while the user's last lockdown is newer than their last password change or reset:
 * payouts stay frozen and Settings asks for the new password, with the recovery checklist.
 */
export async function lockdownStatus(db: DbOrTx, userId: string): Promise<TLockdownStatus> {
  const [last] = await db
    .select({ event: auditLog.event, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), inArray(auditLog.event, [...LOCKDOWN_STATE_EVENTS])))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  const lockedDown = last?.event === "account_locked_down";
  return { lockedDown, since: lockedDown ? last.createdAt.toISOString() : null };
}

/** True while the account is locked down (above). */
export async function payoutsFrozen(db: DbOrTx, userId: string): Promise<boolean> {
  return (await lockdownStatus(db, userId)).lockedDown;
}

/**
 * Refuses what a locked-down account may not do until it recovers (create API keys). Holds a
 * share lock on the user row, which a lockdown takes first, so it cannot pass during one.
 */
export async function assertNotLockedDown(tx: DbOrTx, userId: string, message: string): Promise<void> {
  await tx.execute(sql`select 1 from users where id = ${userId} for share`);
  if ((await lockdownStatus(tx, userId)).lockedDown) throw new AppError("FORBIDDEN", message);
}
