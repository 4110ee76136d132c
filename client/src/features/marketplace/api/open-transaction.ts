import { marketplaceDealPaths, ZOpenedTransaction } from "@shared/api/marketplace/deals";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Opens an escrow sale: buy a listing now, pay an accepted offer, or lease it to own over a term. */
export async function openTransaction(
  body:
    | { domainId: string; from?: "lander" }
    | { offerId: string }
    | { domainId: string; kind: "lease"; months: number },
) {
  const res = await apiRequest("POST", marketplaceDealPaths.transactions, body);
  return ZOpenedTransaction.parse(await res.json());
}

export function useOpenTransaction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: openTransaction,
    onSuccess: () => client.invalidateQueries({ queryKey: [marketplaceDealPaths.transactions] }),
  });
}
