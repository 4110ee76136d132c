import { ENTITLEMENTS_PATH, type TEntitlement, ZEntitlements } from "@shared/api/entitlements";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** What the user may use now: the server's own answer (docs/money.md#subscriptions-and-entitlements). */
export async function getEntitlements(): Promise<TEntitlement[]> {
  const res = await apiRequest("GET", ENTITLEMENTS_PATH);
  return ZEntitlements.parse(await res.json());
}

export const entitlementsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.entitlements, queryFn: getEntitlements, staleTime: 0 });

export function useEntitlements() {
  return useQuery(entitlementsQueryOptions());
}
