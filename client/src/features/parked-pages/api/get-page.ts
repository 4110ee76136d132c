import { PAGE_PATHS, type TPageAnswer, ZPageAnswer } from "@shared/api/parked-pages";
import { pathTo } from "@shared/path-to";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** A domain's parked page as saved, and whether the builder is unlocked. */
export async function getPage(domainId: string): Promise<TPageAnswer> {
  const res = await apiRequest("GET", pathTo(PAGE_PATHS.page, { id: domainId }));
  return ZPageAnswer.parse(await res.json());
}

export const pageQueryOptions = (domainId: string) =>
  queryOptions({ queryKey: queryKeys.parkedPage(domainId), queryFn: () => getPage(domainId) });

export const usePage = (domainId: string) => useQuery(pageQueryOptions(domainId));
