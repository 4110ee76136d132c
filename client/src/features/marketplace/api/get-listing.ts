import { marketplaceDealPaths, type TListingForBuyer, ZListingForBuyer } from "@shared/api/marketplace/deals";
import { pathTo } from "@shared/path-to";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** One listing as a buyer decides on it. */
export async function getListing(id: string): Promise<TListingForBuyer> {
  const res = await apiRequest("GET", pathTo(marketplaceDealPaths.listing, { id }));
  return ZListingForBuyer.parse(await res.json());
}

export function useListing(id: string | null) {
  return useQuery({
    queryKey: [pathTo(marketplaceDealPaths.listing, { id: id ?? "" })],
    queryFn: () => getListing(id ?? ""),
    enabled: id !== null,
  });
}
