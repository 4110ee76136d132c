import { marketplacePaths, type TMarketplaceListing } from "@shared/api/marketplace";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { OWN_DOMAINS_QUERY_KEY } from "./get-own-domains";

export const MARKETPLACE_LISTINGS_QUERY_KEY = [marketplacePaths.domains] as const;

/** Every domain listed for sale on the platform (the viewer's own marked `isOwn`). */
export function useMarketplaceListings() {
  return useQuery<TMarketplaceListing[]>({ queryKey: MARKETPLACE_LISTINGS_QUERY_KEY });
}

/** After a listing changes: the listings, and the portfolio whose listable domains it decides, are refetched. */
export function refreshListings(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: MARKETPLACE_LISTINGS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: OWN_DOMAINS_QUERY_KEY }),
  ]);
}
