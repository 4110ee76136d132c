import type { TDomain } from "@shared/api/domains";
import { useQuery } from "@tanstack/react-query";

/** The portfolio's query; shared with the domain pages, so a change on either refreshes both. */
export const OWN_DOMAINS_QUERY_KEY = ["/api/domains"] as const;

/**
 * Spec §4: a domain is listable only while its marketplace price is empty or "0.00", and never
 * once it has been sold.
 */
export function isListable(domain: Pick<TDomain, "marketplacePrice" | "soldAt">): boolean {
  if (domain.soldAt) return false;
  const price = domain.marketplacePrice;
  return price === null || price === "" || Number(price) === 0;
}

/** The signed-in user's domains, for the list dialog and the boosters' domain pickers. */
export function useOwnDomains() {
  return useQuery<TDomain[]>({ queryKey: OWN_DOMAINS_QUERY_KEY });
}
