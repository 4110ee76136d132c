import type { TDomainDetail } from "@shared/api/domains";
import { useQuery } from "@tanstack/react-query";
import { DOMAINS_QUERY_KEY } from "./get-domains";

/** One domain with its all-time totals (the manage dialog); nothing is fetched without an id. */
export function useDomainDetail(domainId: string | null) {
  return useQuery<TDomainDetail>({
    queryKey: [...DOMAINS_QUERY_KEY, domainId ?? ""],
    enabled: domainId !== null,
  });
}
