import type { TDomain } from "@shared/api/domains";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { DASHBOARD_QUERY_KEY, DOMAINS_QUERY_KEY } from "./get-domains";

/** "Verify now": the server looks the domain's records up at once and answers the domain. */
export async function verifyDomain(id: string): Promise<TDomain> {
  const res = await apiRequest("POST", `/api/domains/${id}/verify`);
  return (await res.json()) as TDomain;
}

/** Checks a domain's ownership now; a verified domain changes status, so the portfolio and dashboard refresh. */
export function useVerifyDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyDomain,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DOMAINS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
      ]),
  });
}
