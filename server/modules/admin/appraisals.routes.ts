import { Router } from "express";
import type { AppDeps } from "../../deps";
import { handler } from "../../http/handler";
import { accuracyOf } from "../appraisals/appraise-name";
import { marketSnapshot } from "../appraisals/market-data";

/** `/api/admin/appraisals`: how accurate the appraisal engine has been on the platform's sales. */
export function appraisalsAdminRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get(
    "/accuracy",
    handler({ auth: true }, async () =>
      accuracyOf((await marketSnapshot(deps.db, { fresh: true })).backtest),
    ),
  );
  return router;
}
