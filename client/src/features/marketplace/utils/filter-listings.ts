import type { TMarketplaceListing } from "@shared/api/marketplace";
import { toCents } from "@shared/money";

export const LISTING_SORTS = [
  { value: "newest", label: "Newest listed" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
  { value: "visitors-desc", label: "Most visitors" },
] as const;
export type ListingSort = (typeof LISTING_SORTS)[number]["value"];

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

/** A typed bound in cents, or null when blank or not a number. */
function boundCents(text: string): number | null {
  const value = Number.parseFloat(text);
  return text.trim() === "" || !Number.isFinite(value) ? null : Math.round(value * 100);
}

/** How many of the Filters panel's settings differ from the defaults (search excluded). */
export function activeFilterCount(filters: ListingFilters): number {
  return [filters.minPrice.trim(), filters.maxPrice.trim(), filters.tld, filters.sort !== "newest"].filter(
    Boolean,
  ).length;
}

/** The listings that match the search and filters, in the chosen order (server order is newest first). */
export function filterListings(listings: readonly TMarketplaceListing[], filters: ListingFilters) {
  const needle = filters.search.trim().toLowerCase();
  const min = boundCents(filters.minPrice);
  const max = boundCents(filters.maxPrice);
  const matching = listings.filter((listing) => {
    const price = toCents(listing.price);
    return (
      listing.name.toLowerCase().includes(needle) &&
      (min === null || price >= min) &&
      (max === null || price <= max) &&
      (filters.tld === "" || listing.tld === filters.tld)
    );
  });
  const byPrice = (a: TMarketplaceListing, b: TMarketplaceListing) => toCents(a.price) - toCents(b.price);
  switch (filters.sort) {
    case "price-asc":
      return matching.sort(byPrice);
    case "price-desc":
      return matching.sort((a, b) => byPrice(b, a));
    case "visitors-desc":
      return matching.sort((a, b) => b.visitors - a.visitors);
    default:
      return matching;
  }
}

/** The distinct TLDs on offer, alphabetically, for the TLD filter. */
export function listingTlds(listings: readonly TMarketplaceListing[]): string[] {
  return [...new Set(listings.map((l) => l.tld))].sort();
}

/** The sort a select's value names; anything unknown falls back to newest first. */
export function toListingSort(value: string): ListingSort {
  return LISTING_SORTS.find((s) => s.value === value)?.value ?? "newest";
}
