import { eq } from "drizzle-orm";
import { Router } from "express";
import { users } from "../../../shared/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";
import { handler, requireUser, userId } from "../../http/handler";
import { describeDevice } from "../auth/device-name";
import { listAuditLog, OWN_AUDIT_DAYS } from "./audit-log";

const withDevice = <T extends { userAgent: string | null }>(rows: T[]) =>
  rows.map((r) => ({ ...r, device: describeDevice(r.userAgent) }));

/** `GET /api/audit-log`: the user's own security events; `/all`: every account's, for staff. */
export function auditRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const router = Router();
  router.use(requireUser);

  router.get(
    "/",
    handler({}, async ({ req }) => ({
      events: withDevice(await listAuditLog({ db, userId: userId(req), days: OWN_AUDIT_DAYS })),
    })),
  );
  router.get(
    "/all",
    handler({}, async ({ req }) => {
      const [me] = await db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, userId(req)));
      if (me?.role !== "staff") throw new AppError("FORBIDDEN", "Only staff can read every account's log");
      return { events: withDevice(await listAuditLog({ db })) };
    }),
  );
  return router;
}
