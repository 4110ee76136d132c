import { DOMAIN_PATHS, type TDomainService, ZDomainService } from "@shared/api/domains";
import { pathTo } from "@shared/path-to";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** A domain's service records, newest first. */
export async function getDomainServices(id: string): Promise<TDomainService[]> {
  const res = await apiRequest("GET", pathTo(DOMAIN_PATHS.services, { id }));
  return ZDomainService.array().parse(await res.json());
}

/** A purchase is paid on another page: coming back must show its record, so it is read fresh. */
export const domainServicesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.domainServices(id),
    queryFn: () => getDomainServices(id),
    staleTime: 0,
  });

/** Nothing is fetched without an id. */
export function useDomainServices(domainId: string | null) {
  return useQuery({ ...domainServicesQueryOptions(domainId ?? ""), enabled: domainId !== null });
}
