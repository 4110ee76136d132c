import { eq } from "drizzle-orm";
import { Router } from "express";
import { ZAuditExportQuery, ZAuditLogQuery } from "../../../shared/api/security";
import { users } from "../../../shared/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";
import { handler } from "../../http/handler";
import { sendCsv } from "../../http/send-csv";
import { csvDocument } from "../../lib/csv-write";
import { describeDevice } from "../../lib/device-name";
import { requireAddOn } from "../entitlements/require-add-on";
import { auditRetentionDays, listAuditLog } from "./audit-log";

const withDevice = <T extends { userAgent: string | null }>(rows: T[]) =>
  rows.map((r) => ({ ...r, device: describeDevice(r.userAgent) }));

/** `GET /api/audit-log`: the user's own security events; `/all`: every account's, for staff. */
export function auditRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    "/",
    handler({ auth: true, query: ZAuditLogQuery }, async ({ userId, query }) => ({
      events: withDevice(
        await listAuditLog({ db, userId, days: await auditRetentionDays(db, userId), filter: query }),
      ),
    })),
  );
  router.get(
    "/all",
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
export function auditExportRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const router = Router();
  router.get(
    "/audit-log/export",
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
