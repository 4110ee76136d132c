import { Router } from "express";
import type { AppDeps } from "../../deps";
import { handler } from "../../http/handler";
import { accuracyOf } from "../appraisals/appraise-name";
import { accuracySnapshot } from "../appraisals/market-data";

/** `/api/admin/appraisals`: how accurate the appraisal engine has been on the platform's sales. */
export function appraisalsAdminRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get(
    "/accuracy",
    handler({ auth: true }, async () => accuracyOf(await accuracySnapshot(deps.db, { fresh: true }))),
  );
  return router;
}
