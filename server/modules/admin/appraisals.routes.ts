import { Router } from "express";
import { APPRAISAL_PATHS } from "../../../shared/api/appraisals";
import type { AppDeps } from "../../deps";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { accuracyOf } from "../appraisals/appraise-name";
import { accuracySnapshot } from "../appraisals/market-data";

const at = mountedAt("/api/admin/appraisals");

/** `/api/admin/appraisals`: how accurate the appraisal engine has been on the platform's sales. */
export function appraisalsAdminRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get(
    at(APPRAISAL_PATHS.accuracy),
    handler({ auth: true }, async () => accuracyOf(await accuracySnapshot(deps.db, { fresh: true }))),
  );
  return router;
}
