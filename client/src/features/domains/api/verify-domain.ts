import { DOMAIN_PATHS, type TDomain, ZDomain } from "@shared/api/domains";
import { pathTo } from "@shared/path-to";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** "Verify now": the server looks the domain's records up at once and answers the domain. */
export async function verifyDomain(id: string): Promise<TDomain> {
  const res = await apiRequest("POST", pathTo(DOMAIN_PATHS.verify, { id }));
  return ZDomain.parse(await res.json());
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
        queryClient.invalidateQueries({ queryKey: queryKeys.domains }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]);
    },
    onError: callbacks.onFailed,
  });
}
