import { REVENUE_PATHS, STREAMS_POLL_MS, type TRevenueStream, ZRevenueStream } from "@shared/api/revenue";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** The latest revenue events, newest first. */
export async function getRevenueStreams(): Promise<TRevenueStream[]> {
  const res = await apiRequest("GET", REVENUE_PATHS.streams);
  return ZRevenueStream.array().parse(await res.json());
}

export const revenueStreamsQueryOptions = () =>
  queryOptions({
    queryKey: [REVENUE_PATHS.streams],
    queryFn: getRevenueStreams,
    refetchInterval: STREAMS_POLL_MS,
  });

/** The activity feed's events, polled every 10 s (spec §9). */
export function useRevenueStreams() {
  return useQuery(revenueStreamsQueryOptions());
}
