import { PENDING_ORDERS_PATH, type TPendingOrder, ZPendingOrders } from "@shared/api/billing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Orders the user started and never paid. */
export async function getPendingOrders(): Promise<TPendingOrder[]> {
  const res = await apiRequest("GET", PENDING_ORDERS_PATH);
  return ZPendingOrders.parse(await res.json());
}

export const pendingOrdersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.pendingOrders, queryFn: getPendingOrders, staleTime: 0 });

export function usePendingOrders() {
  return useQuery(pendingOrdersQueryOptions());
}
