import { eq } from "drizzle-orm";
import type { RequestHandler } from "express";
import { users } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import type { RequestMeta } from "../../http/request-meta";
import { recordAudit } from "../audit/audit-log";

/**
 * Every console route is hidden, not forbidden: anyone who is not staff signed in with a second
 * factor gets the same 404 an unknown route gets, so the console's routes cannot be discovered.
 */
export function staffGate(db: DbOrTx): RequestHandler {
  return async (req, _res, next) => {
    const session = req.session;
    const notFound = new AppError(
      "NOT_FOUND",
      `No API route for ${req.method} ${req.originalUrl.split("?")[0]}`,
    );
    if (!session?.userId || !session.secondFactor) return next(notFound);
    const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, session.userId));
    if (user?.role !== "staff") return next(notFound);
    next();
  };
}

/** Writes one staff action to the audit log: who (the staff member), what, and on which object. */
export async function recordStaffAction(
  db: DbOrTx,
  meta: RequestMeta,
  action: {
    staffId: string;
    action: string;
    object: { kind: string; id: string };
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  await recordAudit(db, {
    userId: action.staffId,
    event: "staff_action",
    meta,
    detail: { action: action.action, object: action.object, ...action.detail },
  });
}
