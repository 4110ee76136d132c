import { type TPaymentMethod, ZPaymentMethod } from "@shared/api/payments";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const PAYMENT_METHODS_PATH = "/api/payments/methods";

export async function getPaymentMethods(): Promise<TPaymentMethod[]> {
  const res = await apiRequest("GET", PAYMENT_METHODS_PATH);
  return ZPaymentMethod.array().parse(await res.json());
}

export const paymentMethodsQueryOptions = () =>
  queryOptions({ queryKey: [PAYMENT_METHODS_PATH], queryFn: getPaymentMethods });

/** The providers this server takes payments with, and whether each moves real money. */
export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
