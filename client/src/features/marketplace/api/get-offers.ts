import { marketplaceDealPaths, type TOfferThread, ZOfferThread } from "@shared/api/marketplace/deals";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const offersKey = (role: "buyer" | "seller") => [marketplaceDealPaths.offers, role] as const;

/** The signed-in user's offer threads as buyer or as seller. */
export async function getOffers(role: "buyer" | "seller"): Promise<TOfferThread[]> {
  const res = await apiRequest("GET", `${marketplaceDealPaths.offers}?role=${role}`);
  return ZOfferThread.array().parse(await res.json());
}

export function useOffers(role: "buyer" | "seller") {
  return useQuery(
    queryOptions({ queryKey: offersKey(role), queryFn: () => getOffers(role), refetchInterval: 30_000 }),
  );
}
