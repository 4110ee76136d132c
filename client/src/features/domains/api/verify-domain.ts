import type { TDomain } from "@shared/api/domains";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { DASHBOARD_QUERY_KEY, DOMAINS_QUERY_KEY } from "./get-domains";

/** "Verify now": the server looks the domain's records up at once and answers the domain. */
export async function verifyDomain(id: string): Promise<TDomain> {
  const res = await apiRequest("POST", `/api/domains/${id}/verify`);
  return (await res.json()) as TDomain;
}

/**
 * Checks a domain's ownership now; a verified domain changes status, so the portfolio and
 * dashboard refresh. The outcome callbacks belong to the mutation, not to the calling component:
 * the refresh may re-render the dialog that pressed the button, and the outcome must still show.
 */
export function useVerifyDomain(callbacks: {
  onChecked: (domain: TDomain) => void;
  onFailed: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyDomain,
    onSuccess: (domain) => {
      callbacks.onChecked(domain);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: DOMAINS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
      ]);
    },
    onError: callbacks.onFailed,
  });
}
