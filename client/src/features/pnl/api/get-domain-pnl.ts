import { domainPnlPath, type TDomainPnl, type TPnlRange, ZDomainPnl } from "@shared/api/pnl";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** One domain's P&L over the range, with its months. */
export async function getDomainPnl(domainId: string, range: TPnlRange): Promise<TDomainPnl> {
  const res = await apiRequest("GET", `${domainPnlPath(domainId)}?range=${range}`);
  return ZDomainPnl.parse(await res.json());
}

/**
 * Keyed under the portfolio's key, so that an edited price or renewal cost (which refreshes
 * every domain query) refreshes the P&L too.
 */
export const domainPnlQueryOptions = (domainId: string, range: TPnlRange) =>
  queryOptions({
    queryKey: queryKeys.domainPnl(domainId, range),
    queryFn: () => getDomainPnl(domainId, range),
    staleTime: 30_000,
  });

/** Keeps the same domain's previous range on screen while the next one loads. */
export function useDomainPnl(domainId: string, range: TPnlRange) {
  return useQuery({
    ...domainPnlQueryOptions(domainId, range),
    placeholderData: (previous) => (previous?.domain.domainId === domainId ? previous : undefined),
  });
}
