import {
  LISTING_SORTS,
  type TListingSort,
  type TMarketplaceQueryInput,
} from "@shared/api/marketplace/listings";
import { centsToDecimal } from "@shared/money";

export { LISTING_SORTS } from "@shared/api/marketplace/listings";
export type ListingSort = TListingSort;

/** The search box and the Filters panel; the server applies them (`GET /api/marketplace/domains`). */
export interface ListingFilters {
  /** Case-insensitive substring of the domain name. */
  search: string;
  /** Dollar bounds as typed; blank means no bound. */
  minPrice: string;
  maxPrice: string;
  /** "" for every TLD. */
  tld: string;
  sort: ListingSort;
}

export const NO_FILTERS: ListingFilters = { search: "", minPrice: "", maxPrice: "", tld: "", sort: "newest" };

/** How many of the Filters panel's settings differ from the defaults (search excluded). */
export function activeFilterCount(filters: ListingFilters): number {
  return [filters.minPrice.trim(), filters.maxPrice.trim(), filters.tld, filters.sort !== "newest"].filter(
    Boolean,
  ).length;
}

/** The highest bound the server takes (eight whole digits); no listing is priced above it. */
const MAX_BOUND_CENTS = 9_999_999_999;

/**
 * A typed bound as the server takes it: dollars rounded to the cent (in the typed digits, never
 * through a float), at most the highest bound; else no bound.
 */
function bound(text: string): string | undefined {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, whole, fraction = ""] = match;
  if (whole.replace(/^0+/, "").length > 8) return centsToDecimal(MAX_BOUND_CENTS);
  const roundUp = Number(fraction[2] ?? "0") >= 5 ? 1 : 0;
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, "0")) + roundUp;
  return centsToDecimal(Math.min(cents, MAX_BOUND_CENTS));
}

/** The server query for what the reader asked (the search already settled). */
export function listingQuery(filters: ListingFilters, search: string): TMarketplaceQueryInput {
  return {
    sort: filters.sort,
    // No name is longer than DNS allows, so a longer search is cut there rather than refused.
    q: search.trim().slice(0, 253) || undefined,
    minPrice: bound(filters.minPrice),
    maxPrice: bound(filters.maxPrice),
    tld: filters.tld || undefined,
  };
}

/** The sort a select's value names; anything unknown falls back to newest first. */
export function toListingSort(value: string): ListingSort {
  return LISTING_SORTS.find((s) => s.value === value)?.value ?? "newest";
}
