import { CONNECTION_PATHS, type TRenewalRow } from "@shared/api/connections";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Renew or drop: each name's 12 months of revenue against its renewal cost, the biggest losses first. */
export async function listRenewals(): Promise<TRenewalRow[]> {
  return (await apiRequest("GET", CONNECTION_PATHS.renewals)).json();
}

export const useRenewals = () => useQuery({ queryKey: queryKeys.renewals, queryFn: listRenewals });
