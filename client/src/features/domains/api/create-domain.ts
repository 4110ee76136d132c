import type { TCreateDomainBody, TDomain } from "@shared/api/domains";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { DASHBOARD_QUERY_KEY, DOMAINS_QUERY_KEY } from "./get-domains";

export async function createDomain(body: TCreateDomainBody): Promise<TDomain> {
  const res = await apiRequest("POST", "/api/domains", body);
  return (await res.json()) as TDomain;
}

/**
 * Adds a domain; the portfolio and the dashboard are refreshed. The refresh is not awaited: the
 * first domain replaces the empty state that holds the dialog, and the caller's success toast
 * must run before that dialog unmounts.
 */
export function useCreateDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDomain,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: DOMAINS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY });
    },
  });
}
