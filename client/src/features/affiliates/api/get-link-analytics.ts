import { LINK_ANALYTICS_PATH, type TLinkAnalytics, ZLinkAnalytics } from "@shared/api/affiliates";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Clicks on the user's referral links and what they led to, over the last `days`. */
export async function getLinkAnalytics(days: number): Promise<TLinkAnalytics> {
  const res = await apiRequest("GET", `${LINK_ANALYTICS_PATH}?days=${days}`);
  return ZLinkAnalytics.parse(await res.json());
}

export const linkAnalyticsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: queryKeys.linkAnalytics(days),
    queryFn: () => getLinkAnalytics(days),
    retry: false,
  });

export function useLinkAnalytics(days: number) {
  return useQuery(linkAnalyticsQueryOptions(days));
}
