import { DOMAIN_PATHS, type TDomainDetail, ZDomainDetail } from "@shared/api/domains";
import { pathTo } from "@shared/path-to";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** One domain with its all-time totals (the manage dialog). */
export async function getDomainDetail(id: string): Promise<TDomainDetail> {
  const res = await apiRequest("GET", pathTo(DOMAIN_PATHS.one, { id }));
  return ZDomainDetail.parse(await res.json());
}

export const domainDetailQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.domain(id), queryFn: () => getDomainDetail(id) });

/** Nothing is fetched without an id. */
export function useDomainDetail(domainId: string | null) {
  return useQuery({ ...domainDetailQueryOptions(domainId ?? ""), enabled: domainId !== null });
}
