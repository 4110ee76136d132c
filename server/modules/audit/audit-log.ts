import { and, desc, eq, gte, lt } from "drizzle-orm";
import type { TAuditEvent, TAuditLogQuery } from "../../../shared/api/auth/security";
import { auditLog } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import type { RequestMeta } from "../../http/request-meta";

/** The security events the audit log records (ASVS V16). */
export type AuditEvent = TAuditEvent;

/**
 * Appends one event, inside the caller's transaction when one is passed. The table refuses
 * UPDATE and DELETE, so what is written here stays. `meta` is null for what no request did (a
 * provider's webhook, the billing job): the entry then has no address.
 */
export async function recordAudit(
  db: DbOrTx,
  entry: {
    userId: string | null;
    event: AuditEvent;
    meta: RequestMeta | null;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.userId,
    event: entry.event,
    address: entry.meta?.address ?? null,
    userAgent: entry.meta?.userAgent ?? null,
    detail: entry.detail ?? null,
  });
}

const PAGE = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The newest entries (at most 500), of one user and within `days` when given, filtered by `filter`. */
export async function listAuditLog(options: {
  db: DbOrTx;
  userId?: string;
  days?: number;
  filter?: TAuditLogQuery;
}) {
  const { db, userId, days, filter = {} } = options;
  const since = days ? new Date(Date.now() - days * DAY_MS) : undefined;
  const from = filter.from ? new Date(`${filter.from}T00:00:00Z`) : undefined;
  const until = filter.to ? new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + DAY_MS) : undefined;
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        userId ? eq(auditLog.userId, userId) : undefined,
        since ? gte(auditLog.createdAt, since) : undefined,
        from ? gte(auditLog.createdAt, from) : undefined,
        until ? lt(auditLog.createdAt, until) : undefined,
        filter.event ? eq(auditLog.event, filter.event) : undefined,
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
