import { marketplaceDealPaths, ZMadeOffer } from "@shared/api/marketplace/deals";
import { pathTo } from "@shared/path-to";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export type TOfferAnswer = "accept" | "decline" | "withdraw" | "counter";

/** Accepts, declines, withdraws or counters (with `amount`) an offer. */
export async function answerOffer(input: { id: string; answer: TOfferAnswer; amount?: string }) {
  const path = pathTo(marketplaceDealPaths[input.answer], { id: input.id });
  const res = await apiRequest(
    "POST",
    path,
    input.answer === "counter" ? { amount: input.amount } : undefined,
  );
  return ZMadeOffer.parse(await res.json());
}

export function useAnswerOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: answerOffer,
    onSuccess: () => client.invalidateQueries({ queryKey: [marketplaceDealPaths.offers] }),
  });
}
