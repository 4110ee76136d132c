import { CREATIVES_PATH, type TCreatives, ZCreatives } from "@shared/api/creatives";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The Creative Assets tool's banners and QR code, each carrying the user's referral link. */
export async function getCreatives(): Promise<TCreatives> {
  const res = await apiRequest("GET", CREATIVES_PATH);
  return ZCreatives.parse(await res.json());
}

export const creativesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.creatives, queryFn: getCreatives, retry: false });

export function useCreatives() {
  return useQuery(creativesQueryOptions());
}
