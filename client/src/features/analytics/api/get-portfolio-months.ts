import { ANALYTICS_MONTHS_PATH, type TPortfolioMonths, ZPortfolioMonths } from "@shared/api/analytics";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The portfolio's last 12 calendar months. */
export async function getPortfolioMonths(): Promise<TPortfolioMonths> {
  const res = await apiRequest("GET", ANALYTICS_MONTHS_PATH);
  return ZPortfolioMonths.parse(await res.json());
}

export const portfolioMonthsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.analyticsMonths, queryFn: getPortfolioMonths, staleTime: 60_000 });

export function usePortfolioMonths(enabled: boolean) {
  return useQuery({ ...portfolioMonthsQueryOptions(), enabled });
}
