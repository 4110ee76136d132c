import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/tx";
import { recordAudit } from "../audit/audit-log";

/**
 * The Enhanced Security features the user's entitlements stand granted for (not ended). By
 * status, not by the clock: a subscription cancelled at its period end stays granted until the
 * billing job ends it, and that write is the change to record.
 */
async function securityGranted(tx: DbOrTx, userId: string, now: Date): Promise<Set<string>> {
  const { rows } = await tx.execute<{ feature: string }>(sql`
    select distinct feature from entitlements
    where user_id = ${userId} and feature like 'security:%' and status <> 'ended'
      and starts_at <= ${now.toISOString()}::timestamptz
  `);
  return new Set(rows.map((r) => r.feature));
}

/**
 * Runs `change` (a grant, renewal, lapse or refund of the user's entitlements) and writes to the
 * audit log each Enhanced Security level or add-on it started or ended, in the same transaction:
 * an intruder who drops the audit-logs add-on, or a refund that ends lockdown, leaves a trace.
 * The entries carry no address; what caused them (`cause`) is in their detail.
 */
export async function auditSecurityChanges<T>(
  tx: DbOrTx,
  options: { userId: string; now: Date; cause: Record<string, unknown> },
  change: () => Promise<T>,
): Promise<T> {
  const { userId, now, cause } = options;
  const before = await securityGranted(tx, userId, now);
  const result = await change();
  const after = await securityGranted(tx, userId, now);
  for (const feature of after) {
    if (!before.has(feature)) {
      await recordAudit(tx, {
        userId,
        event: "security_add_on_granted",
        meta: null,
        detail: { feature, ...cause },
      });
    }
  }
  for (const feature of before) {
    if (!after.has(feature)) {
      await recordAudit(tx, {
        userId,
        event: "security_add_on_ended",
        meta: null,
        detail: { feature, ...cause },
      });
    }
  }
  return result;
}
