import {
  DOMAIN_PATHS,
  DOMAINS_MAX_LIMIT,
  type TDomain,
  type TPortfolioQueryInput,
  ZDomain,
} from "@shared/api/domains";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export interface TDomainPage {
  domains: TDomain[];
  /** The cursor of the page after this one; null on the last. */
  nextCursor: string | null;
  /** Every domain the query's filters keep, over all pages. */
  total: number;
}

/** One page of the signed-in user's portfolio, in the order and with the filters asked for. */
export async function getDomainPage(query: TPortfolioQueryInput): Promise<TDomainPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const res = await apiRequest("GET", `${DOMAIN_PATHS.list}?${params}`);
  const domains = ZDomain.array().parse(await res.json());
  return {
    domains,
    nextCursor: res.headers.get("X-Next-Cursor"),
    total: Number(res.headers.get("X-Total-Count") ?? domains.length),
  };
}

/** A page of the portfolio grid; the page before stays on screen while the next one loads. */
export function useDomainPage(query: TPortfolioQueryInput) {
  return useQuery({
    queryKey: queryKeys.domainPage(query),
    queryFn: () => getDomainPage(query),
    placeholderData: keepPreviousData,
  });
}

/**
 * The domains a picker offers (the premium-services panel, the marketplace's list dialog and
 * boosters): the first page by name, as large as a page may be.
 */
export const domainOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.domainOptions,
    queryFn: async () => (await getDomainPage({ sort: "name", limit: DOMAINS_MAX_LIMIT })).domains,
  });

export function useDomainOptions() {
  return useQuery(domainOptionsQueryOptions());
}
