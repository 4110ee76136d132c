import { Router } from "express";
import { APPRAISAL_PATHS } from "../../../shared/api/appraisals";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { accuracyOf } from "../appraisals/appraise-name";
import { accuracySnapshot } from "../appraisals/market-data";

const at = mountedAt("/api/admin/appraisals");

export interface AppraisalsAdminDeps {
  db: Db;
}

/** `/api/admin/appraisals`: how accurate the appraisal engine has been on the platform's sales. */
export function appraisalsAdminRoutes(deps: AppraisalsAdminDeps): Router {
  const router = Router();
  router.get(
    at(APPRAISAL_PATHS.accuracy),
    handler({ auth: true }, async () => accuracyOf(await accuracySnapshot(deps.db, { fresh: true }))),
  );
  return router;
}
