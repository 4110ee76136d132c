import { DOMAIN_PATHS, type TDomain, type TUpdateDomainBody, ZDomain } from "@shared/api/domains";
import { pathTo } from "@shared/path-to";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function updateDomain(input: { id: string; changes: TUpdateDomainBody }): Promise<TDomain> {
  const res = await apiRequest("PATCH", pathTo(DOMAIN_PATHS.one, { id: input.id }), input.changes);
  return ZDomain.parse(await res.json());
}

/** Saves the manage dialog's edits; the portfolio (list and detail) and the dashboard are refreshed. */
export function useUpdateDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDomain,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.domains }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]),
  });
}
