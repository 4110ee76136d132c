import {
  marketplaceDealPaths,
  type TMarketplaceTransaction,
  ZMarketplaceTransaction,
} from "@shared/api/marketplace/deals";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** The signed-in user's escrow sales as buyer and as seller, newest first. */
export async function getTransactions(): Promise<TMarketplaceTransaction[]> {
  const res = await apiRequest("GET", marketplaceDealPaths.transactions);
  return ZMarketplaceTransaction.array().parse(await res.json());
}

export function useTransactions() {
  return useQuery({
    queryKey: [marketplaceDealPaths.transactions],
    queryFn: getTransactions,
    refetchInterval: 30_000,
  });
}
