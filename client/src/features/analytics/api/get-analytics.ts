import {
  ANALYTICS_EXPORT_PATH,
  ANALYTICS_PATH,
  type TAnalyticsAnswer,
  type TAnalyticsRange,
  ZAnalyticsAnswer,
} from "@shared/api/analytics";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const ONE_MINUTE_MS = 60_000;

/** Revenue by source, traffic and conversion per day of the range, with totals and top domains. */
export async function getAnalytics(range: TAnalyticsRange): Promise<TAnalyticsAnswer> {
  const res = await apiRequest("GET", `${ANALYTICS_PATH}?range=${range}`);
  return ZAnalyticsAnswer.parse(await res.json());
}

export const analyticsQueryOptions = (range: TAnalyticsRange) =>
  queryOptions({
    queryKey: queryKeys.analytics(range),
    queryFn: () => getAnalytics(range),
    staleTime: ONE_MINUTE_MS,
  });

/** Keeps the previous range on screen while the next one loads, so the charts never blank out. */
export function useAnalytics(range: TAnalyticsRange) {
  return useQuery({ ...analyticsQueryOptions(range), placeholderData: keepPreviousData });
}

/** Where the browser downloads the range's series as CSV. */
export const analyticsExportUrl = (range: TAnalyticsRange) => `${ANALYTICS_EXPORT_PATH}?range=${range}`;
