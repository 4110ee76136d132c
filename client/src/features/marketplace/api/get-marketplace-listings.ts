import { marketplacePaths, type TMarketplaceListing } from "@shared/api/marketplace";
import { useQuery } from "@tanstack/react-query";

export const MARKETPLACE_LISTINGS_QUERY_KEY = [marketplacePaths.domains] as const;

/** Every domain listed for sale on the platform (the viewer's own marked `isOwn`). */
export function useMarketplaceListings() {
  return useQuery<TMarketplaceListing[]>({ queryKey: MARKETPLACE_LISTINGS_QUERY_KEY });
}
