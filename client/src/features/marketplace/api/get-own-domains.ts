import type { TDomain } from "@shared/api/domains";
import { useQuery } from "@tanstack/react-query";
import { domainOptionsQueryOptions } from "@/lib/api/get-domains";

/**
 * docs/product.md#states: a domain is listable only while its marketplace price is empty or "0.00", and never
 * once it has been sold; and only once its ownership is verified (docs/security.md#domain-ownership).
 */
export function isListable(
  domain: Pick<TDomain, "marketplacePrice" | "soldAt"> & {
    verification: Pick<TDomain["verification"], "status">;
  },
): boolean {
  if (domain.soldAt || domain.verification.status !== "verified") return false;
  const price = domain.marketplacePrice;
  return price === null || price === "" || Number(price) === 0;
}

/** The signed-in user's domains, for the list dialog and the boosters' domain pickers. */
export function useOwnDomains() {
  return useQuery(domainOptionsQueryOptions());
}
