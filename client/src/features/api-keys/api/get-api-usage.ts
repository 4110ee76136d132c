import { API_KEY_PATHS, type TApiUsage, ZApiUsage } from "@shared/api/api-keys";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The API plan (null without one), the period's calls by day and what remains. */
export async function getApiUsage(): Promise<TApiUsage> {
  const res = await apiRequest("GET", API_KEY_PATHS.usage);
  return ZApiUsage.parse(await res.json());
}

export const apiUsageQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.apiUsage, queryFn: getApiUsage });

export function useApiUsage() {
  return useQuery(apiUsageQueryOptions());
}
