import { eq } from "drizzle-orm";
import { Router } from "express";
import { SECURITY_PATHS, ZAuditExportQuery, ZAuditLogQuery } from "../../../shared/api/auth/security";
import { users } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { DbOrTx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { sendCsv } from "../../http/send-csv";
import { csvDocument } from "../../lib/csv-write";
import { describeDevice } from "../../lib/device-name";
import { listAuditLog } from "../audit/audit-log";
import { entitlementsOf } from "../entitlements/entitlements.service";
import { requireAddOn } from "../entitlements/require-add-on";

/** What a user may read of their own log: the last 90 days (Enhanced Security's basic level too). */
const OWN_AUDIT_DAYS = 90;

/** How far back the log reaches by Enhanced Security level (docs/product.md#constants: 90 days, 1 year, 7 years). */
const RETENTION_DAYS = { basic: OWN_AUDIT_DAYS, advanced: 365, enterprise: 7 * 365 } as const;

/** The days of their own log a user may read and export: the longest their active level grants. */
async function auditRetentionDays(db: DbOrTx, userId: string): Promise<number> {
  const granted = new Set((await entitlementsOf({ db, userId })).map((e) => e.feature));
  let days: number = OWN_AUDIT_DAYS;
  for (const [level, levelDays] of Object.entries(RETENTION_DAYS)) {
    if (granted.has(`security:${level}`)) days = Math.max(days, levelDays);
  }
  return days;
}
const withDevice = <T extends { userAgent: string | null }>(rows: T[]) =>
  rows.map((r) => ({ ...r, device: describeDevice(r.userAgent) }));

/** What the audit log's routes need of the app. */
export interface AuditLogDeps {
  db: Db;
}

const atAuditLog = mountedAt("/api/audit-log");
const atSecurity = mountedAt("/api/security");

/** `GET /api/audit-log`: the user's own security events; `/all`: every account's, for staff. */
export function auditRoutes(deps: AuditLogDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    atAuditLog(SECURITY_PATHS.auditLog),
    handler({ auth: true, query: ZAuditLogQuery }, async ({ userId, query }) => ({
      events: withDevice(
        await listAuditLog({ db, userId, days: await auditRetentionDays(db, userId), filter: query }),
      ),
    })),
  );
  router.get(
    atAuditLog(SECURITY_PATHS.auditLogAll),
    handler({ auth: true }, async ({ userId }) => {
      const [me] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
      if (me?.role !== "staff") throw new AppError("FORBIDDEN", "Only staff can read every account's log");
      return { events: withDevice(await listAuditLog({ db })) };
    }),
  );
  return router;
}

/**
 * `GET /api/security/audit-log/export?format=csv|json`: the signed-in user's own log as a download,
 * behind the audit-logs add-on (403 naming it without). CSV cells are formula-safe.
 */
export function auditExportRoutes(deps: AuditLogDeps): Router {
  const { db } = deps;
  const router = Router();
  router.get(
    atSecurity(SECURITY_PATHS.auditLogExport),
    requireAddOn("audit-logs", db),
    handler({ auth: true, query: ZAuditExportQuery }, async ({ userId, query, res }) => {
      const { format, ...filter } = query;
      const events = withDevice(
        await listAuditLog({ db, userId, days: await auditRetentionDays(db, userId), filter }),
      );
      if (format === "json") {
        res
          .status(200)
          .type("application/json")
          .attachment("audit-log.json")
          .setHeader("Cache-Control", "no-store")
          .send(JSON.stringify({ events }));
        return;
      }
      const rows = events.map((e) => [
        e.createdAt,
        e.event,
        e.address ?? "",
        e.device,
        e.detail ? JSON.stringify(e.detail) : "",
      ]);
      sendCsv(res, {
        fileName: "audit-log.csv",
        body: csvDocument([["time", "event", "address", "device", "detail"], ...rows]),
      });
    }),
  );
  return router;
}
