import { CAMPAIGNS_PATH, type TCampaign, ZCampaign } from "@shared/api/affiliates";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The user's recruitment campaigns, newest first, with recruits counted and days left. */
export async function getCampaigns(): Promise<TCampaign[]> {
  const res = await apiRequest("GET", CAMPAIGNS_PATH);
  return ZCampaign.array().parse(await res.json());
}

export const campaignsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.campaigns, queryFn: getCampaigns });

export function useCampaigns() {
  return useQuery(campaignsQueryOptions());
}
