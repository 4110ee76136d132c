import { Router } from "express";
import {
  ANALYTICS_ACCESS_PATH,
  ANALYTICS_BREAKDOWNS_PATH,
  ANALYTICS_EXPORT_PATH,
  ANALYTICS_MONTHS_PATH,
  ANALYTICS_PATH,
  FORECAST_HISTORY_PATH,
  ZAnalyticsExportQuery,
  ZAnalyticsQuery,
} from "../../../shared/api/analytics";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { sendCsv } from "../../http/send-csv";
import { getAnalytics } from "./analytics.service";
import { analyticsAccess, assertAnalyticsAccess } from "./analytics-access";
import { getBreakdowns } from "./breakdowns.service";
import { exportAnalytics } from "./export-analytics";
import { portfolioMonths } from "./portfolio-months";
import { forecastHistory } from "./reports/forecast-basis";

const at = mountedAt("/api/analytics");

export interface AnalyticsDeps {
  db: Db;
}

export function analyticsRoutes(deps: AnalyticsDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    at(ANALYTICS_PATH),
    handler({ auth: true, query: ZAnalyticsQuery }, async ({ userId, query }) => {
      await assertAnalyticsAccess(db, userId, { range: query.range });
      return getAnalytics({ db, userId, range: query.range });
    }),
  );

  router.get(
    at(ANALYTICS_ACCESS_PATH),
    handler({ auth: true }, ({ userId }) => analyticsAccess(db, userId)),
  );

  router.get(
    at(ANALYTICS_BREAKDOWNS_PATH),
    handler({ auth: true, query: ZAnalyticsQuery }, async ({ userId, query }) => {
      await assertAnalyticsAccess(db, userId, { range: query.range, breakdowns: true });
      return getBreakdowns({ db, userId, range: query.range });
    }),
  );

  router.get(
    at(ANALYTICS_MONTHS_PATH),
    handler({ auth: true }, async ({ userId }) => {
      await assertAnalyticsAccess(db, userId, { range: "7d", breakdowns: true });
      return { months: await portfolioMonths({ db, userId }) };
    }),
  );

  router.get(
    at(FORECAST_HISTORY_PATH),
    handler({ auth: true }, ({ userId }) => forecastHistory({ db, userId })),
  );

  router.get(
    at(ANALYTICS_EXPORT_PATH),
    handler({ auth: true, query: ZAnalyticsExportQuery }, async ({ userId, query, res }) => {
      const { table, range } = query;
      await assertAnalyticsAccess(db, userId, { range, exports: true, breakdowns: table !== "daily" });
      sendCsv(res, await exportAnalytics({ db, userId, range, table }));
    }),
  );

  return router;
}
