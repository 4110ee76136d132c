import {
  ACTIVITY_FEED_LIMIT,
  REVENUE_PATHS,
  STREAMS_POLL_MS,
  type TRevenueStream,
  ZRevenueStream,
} from "@shared/api/revenue";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The feed's poll: only what it shows, so an unchanged answer is cheap to recognise. */
const STREAMS_POLL_PATH = `${REVENUE_PATHS.streams}?limit=${ACTIVITY_FEED_LIMIT}`;

/** The latest revenue events, newest first. */
export async function getRevenueStreams(): Promise<TRevenueStream[]> {
  const res = await apiRequest("GET", STREAMS_POLL_PATH);
  return ZRevenueStream.array().parse(await res.json());
}

export const revenueStreamsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.revenueStreams,
    queryFn: getRevenueStreams,
    refetchInterval: STREAMS_POLL_MS,
  });

/** The activity feed's events, polled every 10 s (docs/product.md#constants). */
export function useRevenueStreams() {
  return useQuery(revenueStreamsQueryOptions());
}
