import { marketplacePaths, type TListDomainBody, type TListingAnswer } from "@shared/api/marketplace";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { MARKETPLACE_LISTINGS_QUERY_KEY } from "./get-marketplace-listings";
import { OWN_DOMAINS_QUERY_KEY } from "./get-own-domains";

export async function listDomain(body: TListDomainBody): Promise<TListingAnswer> {
  const res = await apiRequest("POST", marketplacePaths.list, body);
  return (await res.json()) as TListingAnswer;
}

/** Lists one of the user's domains for sale; the listings and the portfolio are refreshed. */
export function useListDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: listDomain,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: MARKETPLACE_LISTINGS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: OWN_DOMAINS_QUERY_KEY }),
      ]);
    },
  });
}
