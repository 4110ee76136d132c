import { CHECKOUT_PATHS, type TServiceOrder, ZServiceOrder } from "@shared/api/checkout";
import { pathTo } from "@shared/path-to";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function getServiceOrder(orderId: string): Promise<TServiceOrder> {
  const res = await apiRequest("GET", pathTo(CHECKOUT_PATHS.serviceOrder, { id: orderId }));
  return ZServiceOrder.parse(await res.json());
}

/** Always read fresh: the order turns paid when the provider confirms, outside this page. */
export const serviceOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: queryKeys.serviceOrder(orderId),
    queryFn: () => getServiceOrder(orderId),
    staleTime: 0,
  });

/** One of the user's service orders; `pollWhilePending` re-reads it until it is paid. */
export function useServiceOrder(orderId: string, options: { pollWhilePending?: boolean } = {}) {
  return useQuery({
    ...serviceOrderQueryOptions(orderId),
    enabled: orderId !== "",
    // Polled until paid, and then until the report it paid for (if any) is built.
    refetchInterval: (query) => {
      const data = query.state.data;
      const waiting =
        data?.status !== "paid" || data.report?.status === "queued" || data.report?.status === "building";
      return options.pollWhilePending && waiting && query.state.dataUpdateCount < 15 ? 2000 : false;
    },
  });
}
