import { REVENUE_PATHS, type TGoal, type TGoalBody, ZGoal } from "@shared/api/revenue";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function createGoal(body: TGoalBody): Promise<TGoal> {
  const res = await apiRequest("POST", REVENUE_PATHS.goals, body);
  return ZGoal.parse(await res.json());
}

/** Sets a goal, then refreshes the goal list. */
export function useCreateGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGoal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.goals }),
  });
}
