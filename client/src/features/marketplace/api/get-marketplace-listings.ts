import { marketplacePaths, type TMarketplaceListing, ZMarketplaceListing } from "@shared/api/marketplace";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Every domain listed for sale on the platform (the viewer's own marked `isOwn`). */
export async function getMarketplaceListings(): Promise<TMarketplaceListing[]> {
  const res = await apiRequest("GET", marketplacePaths.domains);
  return ZMarketplaceListing.array().parse(await res.json());
}

export const marketplaceListingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.marketplaceListings, queryFn: getMarketplaceListings });

export function useMarketplaceListings() {
  return useQuery(marketplaceListingsQueryOptions());
}

/** After a listing changes: the listings, and the portfolio whose listable domains it decides, are refetched. */
export function refreshListings(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.marketplaceListings }),
    queryClient.invalidateQueries({ queryKey: queryKeys.domains }),
  ]);
}
