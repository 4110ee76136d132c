import { PLAN_USAGE_PATH, type TPlanUsage, ZPlanUsage } from "@shared/api/plans";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The account's plan, what it uses of each limit and which domains are read-only. */
export async function getPlanUsage(): Promise<TPlanUsage> {
  const res = await apiRequest("GET", PLAN_USAGE_PATH);
  return ZPlanUsage.parse(await res.json());
}

export const planUsageQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.planUsage, queryFn: getPlanUsage, staleTime: 0 });

export function usePlanUsage() {
  return useQuery(planUsageQueryOptions());
}
