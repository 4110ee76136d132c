import type { TDomain } from "@shared/api/domains";
import { REVENUE_PATHS } from "@shared/api/revenue";
import { useQuery } from "@tanstack/react-query";

/** The portfolio's query; every domain query key starts with it, so invalidating it refreshes them all. */
export const DOMAINS_QUERY_KEY = ["/api/domains"] as const;
/** The dashboard reads the portfolio's counts and figures; a change to the portfolio refreshes it too. */
export const DASHBOARD_QUERY_KEY = [REVENUE_PATHS.dashboard] as const;
/** The activity feed lists parking revenue as it is imported. */
export const STREAMS_QUERY_KEY = [REVENUE_PATHS.streams] as const;

/** The signed-in user's domains, newest first. */
export function useDomains() {
  return useQuery<TDomain[]>({ queryKey: DOMAINS_QUERY_KEY });
}
