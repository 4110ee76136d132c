import { type TTransaction, ZTransaction } from "@shared/api/payments";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const TRANSACTIONS_PATH = "/api/transactions";

export async function getTransactions(): Promise<TTransaction[]> {
  const res = await apiRequest("GET", TRANSACTIONS_PATH);
  return ZTransaction.array().parse(await res.json());
}

export const transactionsQueryOptions = () =>
  queryOptions({ queryKey: [TRANSACTIONS_PATH], queryFn: getTransactions });

/** Payments, payouts and test payments, newest first. */
export function useTransactions() {
  return useQuery(transactionsQueryOptions());
}
