import { marketplaceDealPaths, ZMadeOffer, type ZMakeOfferBody } from "@shared/api/marketplace/deals";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "@/lib/api-client";

/** Makes an offer on a listing. */
export async function makeOffer(body: z.input<typeof ZMakeOfferBody>) {
  const res = await apiRequest("POST", marketplaceDealPaths.offers, body);
  return ZMadeOffer.parse(await res.json());
}

export function useMakeOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: makeOffer,
    onSuccess: () => client.invalidateQueries({ queryKey: [marketplaceDealPaths.offers] }),
  });
}
