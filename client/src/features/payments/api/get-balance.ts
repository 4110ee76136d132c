import { type TBalance, ZBalance } from "@shared/api/payments";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const BALANCE_PATH = "/api/payments/balance";

export async function getBalance(): Promise<TBalance> {
  const res = await apiRequest("GET", BALANCE_PATH);
  return ZBalance.parse(await res.json());
}

export const balanceQueryOptions = () => queryOptions({ queryKey: [BALANCE_PATH], queryFn: getBalance });

/** The ledger's available balance, in dollars. */
export function useBalance() {
  return useQuery(balanceQueryOptions());
}
