import { AFFILIATE_STATS_PATH, type TAffiliateStats, ZAffiliateStats } from "@shared/api/affiliates";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Total and active referrals and the commissions they earned the user. */
export async function getAffiliateStats(): Promise<TAffiliateStats> {
  const res = await apiRequest("GET", AFFILIATE_STATS_PATH);
  return ZAffiliateStats.parse(await res.json());
}

export const affiliateStatsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.affiliateStats, queryFn: getAffiliateStats });

export function useAffiliateStats() {
  return useQuery(affiliateStatsQueryOptions());
}
