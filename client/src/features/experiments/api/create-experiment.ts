import {
  EXPERIMENT_PATHS,
  type TCreateExperimentBody,
  type TExperiment,
  ZExperiment,
} from "@shared/api/experiments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function createExperiment(input: TCreateExperimentBody): Promise<TExperiment> {
  const res = await apiRequest("POST", EXPERIMENT_PATHS.list, input);
  return ZExperiment.parse(await res.json());
}

export function useCreateExperiment(domainId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExperiment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.experiments(domainId) }),
  });
}
