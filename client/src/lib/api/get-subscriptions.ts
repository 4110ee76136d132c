import { SUBSCRIPTIONS_PATH, type TSubscription, ZSubscriptions } from "@shared/api/billing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useInOwnPortfolio } from "@/lib/api/portfolios";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The user's subscriptions, newest first. */
export async function getSubscriptions(): Promise<TSubscription[]> {
  const res = await apiRequest("GET", SUBSCRIPTIONS_PATH);
  return ZSubscriptions.parse(await res.json());
}

/** Read again on every visit: a checkout or a renewal elsewhere changes them. */
export const subscriptionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.subscriptions, queryFn: getSubscriptions, staleTime: 0 });

/** Billing is the owner's: a teammate in someone else's portfolio reads none (the API refuses it). */
export function useSubscriptions() {
  return useQuery({ ...subscriptionsQueryOptions(), enabled: useInOwnPortfolio() });
}
