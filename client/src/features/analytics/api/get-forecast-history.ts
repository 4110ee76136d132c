import { FORECAST_HISTORY_PATH, type TForecastHistory, ZForecastHistory } from "@shared/api/analytics";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** What the account's revenue history lets Revenue Forecasting make, asked before buying. */
export async function getForecastHistory(): Promise<TForecastHistory> {
  const res = await apiRequest("GET", FORECAST_HISTORY_PATH);
  return ZForecastHistory.parse(await res.json());
}

export const forecastHistoryQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.forecastHistory, queryFn: getForecastHistory, staleTime: 0 });

export function useForecastHistory() {
  return useQuery(forecastHistoryQueryOptions());
}
