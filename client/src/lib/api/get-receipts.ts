import { RECEIPTS_PATH, type TReceipt, ZReceipts } from "@shared/api/billing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Every payment the user made, newest first. */
export async function getReceipts(): Promise<TReceipt[]> {
  const res = await apiRequest("GET", RECEIPTS_PATH);
  return ZReceipts.parse(await res.json());
}

export const receiptsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.receipts, queryFn: getReceipts, staleTime: 0 });

export function useReceipts() {
  return useQuery(receiptsQueryOptions());
}
