import {
  marketplacePaths,
  type TMarketplaceListing,
  type TMarketplaceQueryInput,
  ZMarketplaceListing,
} from "@shared/api/marketplace/listings";
import { keepPreviousData, type QueryClient, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export interface TListingPage {
  listings: TMarketplaceListing[];
  /** The cursor of the page after this one; null on the last. */
  nextCursor: string | null;
  /** Every listing the query's filters keep, over all pages. */
  total: number;
}

/** One page of the listings (the viewer's own marked `isOwn`), in the order and with the filters asked. */
export async function getListingPage(query: TMarketplaceQueryInput): Promise<TListingPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const res = await apiRequest("GET", `${marketplacePaths.domains}?${params}`);
  const listings = ZMarketplaceListing.array().parse(await res.json());
  return {
    listings,
    nextCursor: res.headers.get("X-Next-Cursor"),
    total: Number(res.headers.get("X-Total-Count") ?? listings.length),
  };
}

/** The listings a page at a time: "Load more" asks for the page after the last one. */
export function useMarketplaceListings(query: Omit<TMarketplaceQueryInput, "cursor">) {
  return useInfiniteQuery({
    queryKey: queryKeys.marketplacePages(query),
    queryFn: ({ pageParam }) => getListingPage({ ...query, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** The TLDs on offer, for the Filters panel. */
export function useListingTlds() {
  return useQuery({
    queryKey: queryKeys.marketplaceTlds,
    queryFn: async () => {
      const res = await apiRequest("GET", marketplacePaths.tlds);
      return z.array(z.string()).parse(await res.json());
    },
  });
}

/** After a listing changes: the listings, and the portfolio whose listable domains it decides, are refetched. */
export function refreshListings(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.marketplaceListings }),
    queryClient.invalidateQueries({ queryKey: queryKeys.domains }),
  ]);
}
