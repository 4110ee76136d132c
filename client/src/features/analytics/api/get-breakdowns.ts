import {
  ANALYTICS_BREAKDOWNS_PATH,
  ANALYTICS_EXPORT_PATH,
  type TAnalyticsBreakdowns,
  type TAnalyticsRange,
  type TExportTable,
  ZAnalyticsBreakdowns,
} from "@shared/api/analytics";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Per-domain RPM, CTR, EPC and lead conversion, and visits by country and referrer. */
export async function getBreakdowns(range: TAnalyticsRange): Promise<TAnalyticsBreakdowns> {
  const res = await apiRequest("GET", `${ANALYTICS_BREAKDOWNS_PATH}?range=${range}`);
  return ZAnalyticsBreakdowns.parse(await res.json());
}

export const breakdownsQueryOptions = (range: TAnalyticsRange) =>
  queryOptions({
    queryKey: queryKeys.analyticsBreakdowns(range),
    queryFn: () => getBreakdowns(range),
    staleTime: 60_000,
  });

export function useBreakdowns(range: TAnalyticsRange, enabled: boolean) {
  return useQuery({ ...breakdownsQueryOptions(range), enabled, placeholderData: keepPreviousData });
}

/** Where the browser downloads one table as CSV. */
export const breakdownExportUrl = (table: TExportTable, range: TAnalyticsRange) =>
  `${ANALYTICS_EXPORT_PATH}?range=${range}&table=${table}`;
