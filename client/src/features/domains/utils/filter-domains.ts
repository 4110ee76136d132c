import { DOMAIN_STATUSES, type TDomain, type TDomainStatus } from "@shared/api/domains";

export const DOMAIN_SORTS = [
  { value: "newest", label: "Newest first" },
  { value: "name", label: "Name (A–Z)" },
  { value: "revenue", label: "Highest revenue" },
  { value: "visitors", label: "Most visitors" },
  { value: "expiry", label: "Expiring soonest" },
] as const;
export type TDomainSort = (typeof DOMAIN_SORTS)[number]["value"];

export interface TDomainFilter {
  search: string;
  status: "all" | TDomainStatus;
  sort: TDomainSort;
}

export const DEFAULT_DOMAIN_FILTER: TDomainFilter = { search: "", status: "all", sort: "newest" };
export const STATUS_FILTERS = ["all", ...DOMAIN_STATUSES] as const;

const byName = (a: TDomain, b: TDomain) => a.name.localeCompare(b.name);
const COMPARE: Record<TDomainSort, ((a: TDomain, b: TDomain) => number) | null> = {
  // The API answers newest first already.
  newest: null,
  name: byName,
  revenue: (a, b) => Number(b.parkingRevenue) - Number(a.parkingRevenue) || byName(a, b),
  visitors: (a, b) => b.visitors - a.visitors || byName(a, b),
  expiry: (a, b) => (a.expiryDate ?? "9999").localeCompare(b.expiryDate ?? "9999") || byName(a, b),
};

/** The domains a filter keeps (case-insensitive name search, one status), in its order. */
export function filterDomains(domains: readonly TDomain[], filter: TDomainFilter): TDomain[] {
  const needle = filter.search.trim().toLowerCase();
  const kept = domains.filter(
    (d) => (filter.status === "all" || d.status === filter.status) && (!needle || d.name.includes(needle)),
  );
  const compare = COMPARE[filter.sort];
  return compare ? kept.sort(compare) : kept;
}

export interface TPage<T> {
  items: T[];
  /** 1-based, clamped to the pages there are. */
  page: number;
  pageCount: number;
  /** 1-based position of the first and last item shown; 0 when there are none. */
  from: number;
  to: number;
}

/** One page of a list; a page past the end shows the last one. */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): TPage<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const start = (current - 1) * pageSize;
  const shown = items.slice(start, start + pageSize);
  return {
    items: shown,
    page: current,
    pageCount,
    from: shown.length ? start + 1 : 0,
    to: start + shown.length,
  };
}
