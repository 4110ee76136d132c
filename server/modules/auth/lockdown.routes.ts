import { Router } from "express";
import { SECURITY_PATHS } from "../../../shared/api/auth/security";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { requestMeta } from "../../http/request-meta";
import { requireAddOn } from "../entitlements/require-add-on";
import { lockDownAccount, lockdownStatus } from "./lockdown";

const at = mountedAt("/api/security");

export interface LockdownDeps {
  db: Db;
}

/** `GET /api/security/lockdown`: whether the account is locked down; `POST` locks it down (incident-response add-on). */
export function lockdownRoutes(deps: LockdownDeps): Router {
  const { db } = deps;
  const router = Router();
  router.get(
    at(SECURITY_PATHS.lockdown),
    handler({ auth: true }, ({ userId }) => lockdownStatus(db, userId)),
  );
  router.post(
    at(SECURITY_PATHS.lockdown),
    requireAddOn("incident-response", db),
    handler({ auth: true }, ({ userId, req }) =>
      lockDownAccount({ db, userId, currentSid: req.sessionID, meta: requestMeta(req) }),
    ),
  );
  return router;
}
