import {
  marketplaceDealPaths,
  type TMarketplaceTransaction,
  ZMarketplaceTransaction,
} from "@shared/api/marketplace/deals";
import { pathTo } from "@shared/path-to";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** One escrow sale of the signed-in user. */
export async function getTransaction(id: string): Promise<TMarketplaceTransaction> {
  const res = await apiRequest("GET", pathTo(marketplaceDealPaths.transaction, { id }));
  return ZMarketplaceTransaction.parse(await res.json());
}

export function useTransaction(id: string) {
  return useQuery({
    queryKey: [marketplaceDealPaths.transactions, id],
    queryFn: () => getTransaction(id),
    refetchInterval: 15_000,
  });
}
