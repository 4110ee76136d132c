import {
  DASHBOARD_REFRESH_MS,
  REVENUE_PATHS,
  type TDashboardAnswer,
  type TRevenueRange,
  ZDashboardAnswer,
} from "@shared/api/revenue";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The dashboard as the server sent it; `range` picks the trend series (today by hour by default). */
async function fetchDashboard(range: TRevenueRange): Promise<unknown> {
  const query = range === "24h" ? "" : `?range=${range}`;
  const res = await apiRequest("GET", `${REVENUE_PATHS.dashboard}${query}`);
  return res.json();
}

const parseDashboard = (answer: unknown): TDashboardAnswer => ZDashboardAnswer.parse(answer);
const parseTrend = (answer: unknown) => parseDashboard(answer).trend;

/**
 * The default range: the sidebar's Today's Revenue box reads the same cache entry, so the two
 * never disagree and poll once between them. The entry holds the answer as sent and each reader
 * checks it in `select`, so a reader's check never breaks another.
 */
export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.dashboard,
    queryFn: () => fetchDashboard("24h"),
    refetchInterval: DASHBOARD_REFRESH_MS,
    select: parseDashboard,
  });

/** The whole dashboard, refreshed every 30 s (docs/product.md#constants). */
export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}

/** The 7- or 30-day trend series; the previous series stays on screen while the next loads. */
export function useDashboardTrend(range: TRevenueRange) {
  return useQuery({
    queryKey: queryKeys.dashboardTrend(range),
    queryFn: () => fetchDashboard(range),
    refetchInterval: DASHBOARD_REFRESH_MS,
    enabled: range !== "24h",
    placeholderData: keepPreviousData,
    select: parseTrend,
  });
}

/** The sidebar checks only the two figures it shows, so the rest of the answer never blanks it. */
const ZTodayRevenue = z.object({
  metrics: ZDashboardAnswer.shape.metrics.pick({ todayRevenue: true, todayChangePercent: true }),
});

/** Today's revenue and its change for the sidebar, from the dashboard's entry. */
export function useTodayRevenue() {
  return useQuery({
    ...dashboardQueryOptions(),
    select: (answer: unknown) => {
      const { todayRevenue, todayChangePercent } = ZTodayRevenue.parse(answer).metrics;
      return { todayRevenue, todayChangePercent: todayChangePercent ?? undefined };
    },
  });
}
