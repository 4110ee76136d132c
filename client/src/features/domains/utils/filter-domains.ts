import { DOMAIN_STATUSES, type TDomainSort, type TDomainStatus } from "@shared/api/domains";

export { DOMAIN_SORTS, type TDomainSort } from "@shared/api/domains";

/** The grid's search, status filter and order; the server applies them (`GET /api/domains`). */
export interface TDomainFilter {
  search: string;
  status: "all" | TDomainStatus;
  sort: TDomainSort;
}

export const DEFAULT_DOMAIN_FILTER: TDomainFilter = { search: "", status: "all", sort: "newest" };
export const STATUS_FILTERS = ["all", ...DOMAIN_STATUSES] as const;
