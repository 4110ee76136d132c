import { marketplaceDealPaths, type TLeaseQuote, ZLeaseQuote } from "@shared/api/marketplace/deals";
import { pathTo } from "@shared/path-to";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** A listing's lease-to-own schedule over a term, as the buyer sees it before paying. */
export async function getLeaseQuote(domainId: string, months: number): Promise<TLeaseQuote> {
  const res = await apiRequest(
    "GET",
    `${pathTo(marketplaceDealPaths.leaseQuote, { id: domainId })}?months=${months}`,
  );
  return ZLeaseQuote.parse(await res.json());
}

export function useLeaseQuote(domainId: string, months: number | null) {
  return useQuery({
    queryKey: [`${pathTo(marketplaceDealPaths.leaseQuote, { id: domainId })}?months=${months ?? 0}`],
    queryFn: () => getLeaseQuote(domainId, months ?? 0),
    enabled: months !== null,
  });
}
