import { PAYMENT_PATHS, type TPaymentMethod, ZPaymentMethod } from "@shared/api/payouts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function getPaymentMethods(): Promise<TPaymentMethod[]> {
  const res = await apiRequest("GET", PAYMENT_PATHS.methods);
  return ZPaymentMethod.array().parse(await res.json());
}

export const paymentMethodsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.paymentMethods, queryFn: getPaymentMethods });

/** The providers this server takes payments with, and whether each moves real money. */
export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
