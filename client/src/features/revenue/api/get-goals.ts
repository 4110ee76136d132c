import { DASHBOARD_REFRESH_MS, REVENUE_PATHS, type TGoal, ZGoal } from "@shared/api/revenue";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The user's revenue goals with their progress in the current period. */
export async function getGoals(): Promise<TGoal[]> {
  const res = await apiRequest("GET", REVENUE_PATHS.goals);
  return ZGoal.array().parse(await res.json());
}

/** Progress moves with revenue, so goals refresh with the dashboard. */
export const goalsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.goals, queryFn: getGoals, refetchInterval: DASHBOARD_REFRESH_MS });

export function useGoals() {
  return useQuery(goalsQueryOptions());
}
