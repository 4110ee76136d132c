import type { TDomainService } from "@shared/api/domains";
import { useQuery } from "@tanstack/react-query";
import { DOMAINS_QUERY_KEY } from "./get-domains";

/** A domain's service records (GET /api/domains/{id}/services); nothing is fetched without an id. */
export function useDomainServices(domainId: string | null) {
  return useQuery<TDomainService[]>({
    queryKey: [...DOMAINS_QUERY_KEY, domainId ?? "", "services"],
    enabled: domainId !== null,
    // A purchase is paid on another page: coming back must show its record.
    staleTime: 0,
  });
}
