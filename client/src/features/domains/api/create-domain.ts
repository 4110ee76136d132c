import type { TCreateDomainBody, TDomain } from "@shared/api/domains";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { DASHBOARD_QUERY_KEY, DOMAINS_QUERY_KEY } from "./get-domains";

export async function createDomain(body: TCreateDomainBody): Promise<TDomain> {
  const res = await apiRequest("POST", "/api/domains", body);
  return (await res.json()) as TDomain;
}

/** Adds a domain; the portfolio and the dashboard are refreshed. */
export function useCreateDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDomain,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DOMAINS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
      ]),
  });
}
