import type { TDomain, TUpdateDomainBody } from "@shared/api/domains";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { DASHBOARD_QUERY_KEY, DOMAINS_QUERY_KEY } from "./get-domains";

export async function updateDomain(input: { id: string; changes: TUpdateDomainBody }): Promise<TDomain> {
  const res = await apiRequest("PATCH", `/api/domains/${input.id}`, input.changes);
  return (await res.json()) as TDomain;
}

/** Saves the manage dialog's edits; the portfolio (list and detail) and the dashboard are refreshed. */
export function useUpdateDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDomain,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DOMAINS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
      ]),
  });
}
