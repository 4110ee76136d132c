import { DOMAIN_PATHS, type TDomain, ZDomain } from "@shared/api/domains";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The signed-in user's domains, newest first. */
export async function getDomains(): Promise<TDomain[]> {
  const res = await apiRequest("GET", DOMAIN_PATHS.list);
  return ZDomain.array().parse(await res.json());
}

/** The portfolio; the marketplace's list dialog and boosters read the same entry. */
export const domainsQueryOptions = () => queryOptions({ queryKey: queryKeys.domains, queryFn: getDomains });

export function useDomains() {
  return useQuery(domainsQueryOptions());
}
