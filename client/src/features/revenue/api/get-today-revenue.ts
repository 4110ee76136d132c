import { useQuery } from "@tanstack/react-query";

/** The part of `GET /api/revenue/dashboard` the sidebar reads. */
type DashboardMetrics = {
  metrics?: {
    todayRevenue?: string | number;
    /** Today's change against the same time yesterday, in percent; absent when unknown. */
    todayChangePercent?: string | number | null;
  };
};

export const REVENUE_DASHBOARD_QUERY_KEY = ["/api/revenue/dashboard"] as const;
export const DASHBOARD_REFRESH_MS = 30_000;

/** Today's revenue for the sidebar; shares its cache entry with the dashboard page. */
export function useTodayRevenue() {
  return useQuery({
    queryKey: REVENUE_DASHBOARD_QUERY_KEY,
    refetchInterval: DASHBOARD_REFRESH_MS,
    select: (answer: DashboardMetrics) => ({
      todayRevenue: answer.metrics?.todayRevenue,
      todayChangePercent: answer.metrics?.todayChangePercent ?? undefined,
    }),
  });
}
