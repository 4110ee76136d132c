import { Router } from "express";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { requestMeta } from "../../http/request-meta";
import { requireAddOn } from "../entitlements/require-add-on";
import { lockDownAccount, lockdownStatus } from "./lockdown";

export interface LockdownDeps {
  db: Db;
}

/** `GET /api/security/lockdown`: whether the account is locked down; `POST` locks it down (incident-response add-on). */
export function lockdownRoutes(deps: LockdownDeps): Router {
  const { db } = deps;
  const router = Router();
  router.get(
    "/lockdown",
    handler({ auth: true }, ({ userId }) => lockdownStatus(db, userId)),
  );
  router.post(
    "/lockdown",
    requireAddOn("incident-response", db),
    handler({ auth: true }, ({ userId, req }) =>
      lockDownAccount({ db, userId, currentSid: req.sessionID, meta: requestMeta(req) }),
    ),
  );
  return router;
}
