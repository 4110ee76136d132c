import { PAGE_PATHS, type TPageVersion, ZPageVersion } from "@shared/api/parked-pages";
import { pathTo } from "@shared/path-to";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function getPageVersions(domainId: string): Promise<TPageVersion[]> {
  const res = await apiRequest("GET", pathTo(PAGE_PATHS.versions, { id: domainId }));
  return ZPageVersion.array().parse(await res.json());
}

export const usePageVersions = (domainId: string) =>
  useQuery({ queryKey: queryKeys.pageVersions(domainId), queryFn: () => getPageVersions(domainId) });
