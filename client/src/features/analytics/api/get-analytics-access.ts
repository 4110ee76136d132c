import { ANALYTICS_ACCESS_PATH, type TAnalyticsAccess, ZAnalyticsAccess } from "@shared/api/analytics";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The user's analytics tier: its history, and whether exports and breakdowns are open. */
export async function getAnalyticsAccess(): Promise<TAnalyticsAccess> {
  const res = await apiRequest("GET", ANALYTICS_ACCESS_PATH);
  return ZAnalyticsAccess.parse(await res.json());
}

export const analyticsAccessQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.analyticsAccess, queryFn: getAnalyticsAccess, staleTime: 0 });

export function useAnalyticsAccess() {
  return useQuery(analyticsAccessQueryOptions());
}
