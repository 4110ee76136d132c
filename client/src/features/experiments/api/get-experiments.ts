import { EXPERIMENT_PATHS, type TExperiment, ZExperiment } from "@shared/api/experiments";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** A domain's split tests with their results, newest first. */
export async function getExperiments(domainId: string): Promise<TExperiment[]> {
  const res = await apiRequest("GET", `${EXPERIMENT_PATHS.list}?domainId=${encodeURIComponent(domainId)}`);
  return ZExperiment.array().parse(await res.json());
}

/** Polled while shown, so that the results (and a stop by the rule) appear as visitors arrive. */
export const useExperiments = (domainId: string) =>
  useQuery({
    queryKey: queryKeys.experiments(domainId),
    queryFn: () => getExperiments(domainId),
    refetchInterval: 10_000,
  });
