import { PAYMENT_PATHS, type TBalance, ZBalance } from "@shared/api/payouts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function getBalance(): Promise<TBalance> {
  const res = await apiRequest("GET", PAYMENT_PATHS.balance);
  return ZBalance.parse(await res.json());
}

export const balanceQueryOptions = () => queryOptions({ queryKey: queryKeys.balance, queryFn: getBalance });

/** The ledger's available balance, in dollars. */
export function useBalance() {
  return useQuery(balanceQueryOptions());
}
