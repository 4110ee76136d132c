import {
  marketplacePaths,
  type TMarkSoldBody,
  type TSaleAnswer,
  ZSaleAnswer,
} from "@shared/api/marketplace/listings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { refreshListings } from "./get-marketplace-listings";

export async function markSold(body: TMarkSoldBody): Promise<TSaleAnswer> {
  const res = await apiRequest("POST", marketplacePaths.sold, body);
  return ZSaleAnswer.parse(await res.json());
}

/**
 * Records the sale of one of the user's listings. The sale is revenue, so every query that
 * shows revenue or the balance is refreshed along with the listings and the portfolio.
 */
export function useMarkSold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSold,
    onSuccess: async () => {
      await Promise.all([
        refreshListings(queryClient),
        ...[
          queryKeys.dashboard,
          queryKeys.revenueStreams,
          queryKeys.goals,
          queryKeys.balance,
          queryKeys.transactions,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]);
    },
  });
}
