import { REVENUE_PATHS } from "@shared/api/revenue";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function deleteGoal(goalId: string): Promise<void> {
  await apiRequest("DELETE", `${REVENUE_PATHS.goals}/${encodeURIComponent(goalId)}`);
}

/** Removes a goal, then refreshes the goal list. */
export function useDeleteGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGoal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.goals }),
  });
}
