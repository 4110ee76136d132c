import { AFFILIATES_PATH, type TAffiliate, ZAffiliate } from "@shared/api/affiliates";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The signed-in user's affiliates, newest first. */
export async function getAffiliates(): Promise<TAffiliate[]> {
  const res = await apiRequest("GET", AFFILIATES_PATH);
  return ZAffiliate.array().parse(await res.json());
}

export const affiliatesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.affiliates, queryFn: getAffiliates });

export function useAffiliates() {
  return useQuery(affiliatesQueryOptions());
}
