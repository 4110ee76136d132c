import { marketplaceDealPaths, ZMarketplaceTransaction } from "@shared/api/marketplace/deals";
import { pathTo } from "@shared/path-to";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export type TSaleAction = "confirmTransfer" | "acceptTransaction" | "dispute" | "statement" | "cancel";

/**
 * The buyer confirms the transfer or accepts the domain; either side disputes (with a reason),
 * gives its statement on a dispute (the text in `reason`), or cancels an unpaid sale.
 */
export async function actOnTransaction(input: { id: string; action: TSaleAction; reason?: string }) {
  const body =
    input.action === "dispute"
      ? { reason: input.reason }
      : input.action === "statement"
        ? { statement: input.reason }
        : undefined;
  const res = await apiRequest("POST", pathTo(marketplaceDealPaths[input.action], { id: input.id }), body);
  return ZMarketplaceTransaction.parse(await res.json());
}

export function useActOnTransaction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: actOnTransaction,
    onSuccess: () => client.invalidateQueries({ queryKey: [marketplaceDealPaths.transactions] }),
  });
}
