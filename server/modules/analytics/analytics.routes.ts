import { Router } from "express";
import { ZAnalyticsQuery } from "../../../shared/api/analytics";
import type { AppDeps } from "../../deps";
import { handler } from "../../http/handler";
import { sendCsv } from "../../http/send-csv";
import { getAnalytics } from "./analytics.service";
import { analyticsCsv, analyticsCsvFileName } from "./analytics-csv";

export function analyticsRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    "/",
    handler({ auth: true, query: ZAnalyticsQuery }, ({ userId, query }) =>
      getAnalytics({ db, userId, range: query.range }),
    ),
  );

  router.get(
    "/export",
    handler({ auth: true, query: ZAnalyticsQuery }, async ({ userId, query, res }) => {
      const answer = await getAnalytics({ db, userId, range: query.range });
      sendCsv(res, { fileName: analyticsCsvFileName(answer), body: analyticsCsv(answer) });
    }),
  );

  return router;
}
