import { PAYMENT_PATHS, type TTransaction, ZTransaction } from "@shared/api/payouts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function getTransactions(): Promise<TTransaction[]> {
  const res = await apiRequest("GET", PAYMENT_PATHS.transactions);
  return ZTransaction.array().parse(await res.json());
}

export const transactionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.transactions, queryFn: getTransactions });

/** Payments, payouts and test payments, newest first. */
export function useTransactions() {
  return useQuery(transactionsQueryOptions());
}
