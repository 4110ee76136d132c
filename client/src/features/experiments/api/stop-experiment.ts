import { EXPERIMENT_PATHS, type TExperiment, ZExperiment } from "@shared/api/experiments";
import { pathTo } from "@shared/path-to";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function stopExperiment(input: { id: string; winner?: string }): Promise<TExperiment> {
  const res = await apiRequest("POST", pathTo(EXPERIMENT_PATHS.stop, { id: input.id }), {
    winner: input.winner,
  });
  return ZExperiment.parse(await res.json());
}

/** Ends a test; a named winner becomes the page, so the page is read again too. */
export function useStopExperiment(domainId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopExperiment,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.experiments(domainId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.parkedPage(domainId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.pageVersions(domainId) }),
      ]),
  });
}
