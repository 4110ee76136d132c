import { LEASED_DOMAINS_PATH, type TLeasedDomain, ZLeasedDomain } from "@shared/api/parked-pages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The domains the user leases to own right now, whose parked pages are theirs. */
export async function getLeasedDomains(): Promise<TLeasedDomain[]> {
  const res = await apiRequest("GET", LEASED_DOMAINS_PATH);
  return ZLeasedDomain.array().parse(await res.json());
}

export const leasedDomainsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.leasedDomains, queryFn: getLeasedDomains });

export const useLeasedDomains = () => useQuery(leasedDomainsQueryOptions());
