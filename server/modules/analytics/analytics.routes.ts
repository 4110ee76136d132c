import { Router } from "express";
import { ZAnalyticsQuery } from "../../../shared/api/analytics";
import type { AppDeps } from "../../deps";
import { handler, userId } from "../../http/handler";
import { sendCsv } from "../../http/send-csv";
import { getAnalytics } from "./analytics.service";
import { analyticsCsv, analyticsCsvFileName } from "./analytics-csv";

export function analyticsRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    "/",
    handler({ query: ZAnalyticsQuery }, ({ query, req }) =>
      getAnalytics({ db, userId: userId(req), range: query.range }),
    ),
  );

  router.get(
    "/export",
    handler({ query: ZAnalyticsQuery }, async ({ query, req, res }) => {
      const answer = await getAnalytics({ db, userId: userId(req), range: query.range });
      sendCsv(res, { fileName: analyticsCsvFileName(answer), body: analyticsCsv(answer) });
    }),
  );

  return router;
}
