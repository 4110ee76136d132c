import { Router } from "express";
import { ZEstimateQuery } from "../../../shared/api/appraisals";
import type { AppDeps } from "../../deps";
import { handler } from "../../http/handler";
import { estimateName } from "./appraise-name";

/** `/api/appraisals`: the free instant estimate of a name (docs/appraisals.md), limited per account. */
export function appraisalRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const router = Router();
  router.get(
    "/estimate",
    handler({ auth: true, query: ZEstimateQuery }, async ({ userId, query }) => {
      await deps.limits.appraisalEstimates.spend(userId);
      return estimateName(db, query.name);
    }),
  );
  return router;
}
