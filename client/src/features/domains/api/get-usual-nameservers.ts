import { DOMAIN_PATHS, type TUsualNameservers, ZUsualNameservers } from "@shared/api/domains";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The nameserver pair the account is given for a name nobody else has held. */
export async function getUsualNameservers(): Promise<TUsualNameservers> {
  const res = await apiRequest("GET", DOMAIN_PATHS.nameservers);
  return ZUsualNameservers.parse(await res.json());
}

/** An account's usual pair never changes while the pool stays the same. */
export const usualNameserversQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.usualNameservers,
    queryFn: getUsualNameservers,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Fetched only when `enabled` (Add Domain opens). */
export function useUsualNameservers(enabled: boolean) {
  return useQuery({ ...usualNameserversQueryOptions(), enabled });
}
