import { Router } from "express";
import { ZAnalyticsExportQuery, ZAnalyticsQuery } from "../../../shared/api/analytics";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { sendCsv } from "../../http/send-csv";
import { getAnalytics } from "./analytics.service";
import { analyticsAccess, assertAnalyticsAccess } from "./analytics-access";
import { getBreakdowns } from "./breakdowns.service";
import { exportAnalytics } from "./export-analytics";
import { portfolioMonths } from "./portfolio-months";
import { forecastHistory } from "./reports/forecast-basis";

export interface AnalyticsDeps {
  db: Db;
}

export function analyticsRoutes(deps: AnalyticsDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    "/",
    handler({ auth: true, query: ZAnalyticsQuery }, async ({ userId, query }) => {
      await assertAnalyticsAccess(db, userId, { range: query.range });
      return getAnalytics({ db, userId, range: query.range });
    }),
  );

  router.get(
    "/access",
    handler({ auth: true }, ({ userId }) => analyticsAccess(db, userId)),
  );

  router.get(
    "/breakdowns",
    handler({ auth: true, query: ZAnalyticsQuery }, async ({ userId, query }) => {
      await assertAnalyticsAccess(db, userId, { range: query.range, breakdowns: true });
      return getBreakdowns({ db, userId, range: query.range });
    }),
  );

  router.get(
    "/months",
    handler({ auth: true }, async ({ userId }) => {
      await assertAnalyticsAccess(db, userId, { range: "7d", breakdowns: true });
      return { months: await portfolioMonths({ db, userId }) };
    }),
  );

  router.get(
    "/forecast-history",
    handler({ auth: true }, ({ userId }) => forecastHistory({ db, userId })),
  );

  router.get(
    "/export",
    handler({ auth: true, query: ZAnalyticsExportQuery }, async ({ userId, query, res }) => {
      const { table, range } = query;
      await assertAnalyticsAccess(db, userId, { range, exports: true, breakdowns: table !== "daily" });
      sendCsv(res, await exportAnalytics({ db, userId, range, table }));
    }),
  );

  return router;
}
