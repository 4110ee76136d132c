import { marketplaceDealPaths, ZMarketplaceTransaction } from "@shared/api/marketplace/deals";
import { pathTo } from "@shared/path-to";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** The lessee sends the leased domain's visitors to `url`, or (null) back to its parked page. */
export async function setLeaseRedirect(input: { id: string; url: string | null }) {
  const res = await apiRequest("PUT", pathTo(marketplaceDealPaths.leaseRedirect, { id: input.id }), {
    url: input.url,
  });
  return ZMarketplaceTransaction.parse(await res.json());
}

export function useSetLeaseRedirect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setLeaseRedirect,
    onSuccess: () => client.invalidateQueries({ queryKey: [marketplaceDealPaths.transactions] }),
  });
}
