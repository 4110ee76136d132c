import { Router } from "express";
import { APPRAISAL_PATHS, ZEstimateQuery } from "../../../shared/api/appraisals";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import type { RateLimit } from "../../http/rate-limit";
import { estimateName } from "./appraise-name";

const at = mountedAt("/api/appraisals");

export interface AppraisalDeps {
  db: Db;
  limits: { appraisalEstimates: RateLimit };
}

/** `/api/appraisals`: the free instant estimate of a name (docs/appraisals.md), limited per account. */
export function appraisalRoutes(deps: AppraisalDeps): Router {
  const { db } = deps;
  const router = Router();
  router.get(
    at(APPRAISAL_PATHS.estimate),
    handler({ auth: true, query: ZEstimateQuery }, async ({ userId, query }) => {
      await deps.limits.appraisalEstimates.spend(userId);
      return estimateName(db, query.name);
    }),
  );
  return router;
}
