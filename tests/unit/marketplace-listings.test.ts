import type { TMarketplaceListing } from "@shared/api/marketplace";
import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  filterListings,
  type ListingFilters,
  listingTlds,
  NO_FILTERS,
  toListingSort,
} from "@/features/marketplace/utils/filter-listings";
import { monthlyRevenue, revenueMultiple } from "@/features/marketplace/utils/revenue-multiple";

const listing = (name: string, price: string, visitors: number): TMarketplaceListing => ({
  id: name,
  name,
  tld: name.slice(name.indexOf(".") + 1),
  price,
  visitors,
  parkingRevenue: "0.00",
  registrationDate: "2020-01-01T00:00:00.000Z",
  listedAt: "2026-01-01T00:00:00.000Z",
  isOwn: false,
});

const listings = [
  listing("CarQuotes.com", "1500.00", 40),
  listing("parkhub.io", "2400.00", 900),
  listing("travel.co.uk", "99.99", 120),
  listing("cheapcars.io", "1500.01", 5),
];
const names = (filters: Partial<ListingFilters>) =>
  filterListings(listings, { ...NO_FILTERS, ...filters }).map((l) => l.name);

describe("filterListings", () => {
  it("keeps the server's order when nothing is set", () => {
    expect(names({})).toEqual(["CarQuotes.com", "parkhub.io", "travel.co.uk", "cheapcars.io"]);
  });

  it("matches a search as a case-insensitive substring of the name", () => {
    expect(names({ search: "CAR" })).toEqual(["CarQuotes.com", "cheapcars.io"]);
    expect(names({ search: "  hub " })).toEqual(["parkhub.io"]);
    expect(names({ search: "nothing-like-it" })).toEqual([]);
  });

  it("keeps prices within the bounds, both inclusive, to the cent", () => {
    expect(names({ minPrice: "1500", maxPrice: "1500.00" })).toEqual(["CarQuotes.com"]);
    expect(names({ minPrice: "1500.01" })).toEqual(["parkhub.io", "cheapcars.io"]);
    expect(names({ maxPrice: "100" })).toEqual(["travel.co.uk"]);
  });

  it("ignores a blank or unreadable bound", () => {
    expect(names({ minPrice: " ", maxPrice: "abc" })).toHaveLength(4);
  });

  it("keeps one TLD, including multi-label ones", () => {
    expect(names({ tld: "io" })).toEqual(["parkhub.io", "cheapcars.io"]);
    expect(names({ tld: "co.uk" })).toEqual(["travel.co.uk"]);
  });

  it("sorts by price either way and by visitors, without changing its input", () => {
    const before = listings.map((l) => l.name);
    expect(names({ sort: "price-asc" })).toEqual([
      "travel.co.uk",
      "CarQuotes.com",
      "cheapcars.io",
      "parkhub.io",
    ]);
    expect(names({ sort: "price-desc" })).toEqual([
      "parkhub.io",
      "cheapcars.io",
      "CarQuotes.com",
      "travel.co.uk",
    ]);
    expect(names({ sort: "visitors-desc" })).toEqual([
      "parkhub.io",
      "travel.co.uk",
      "CarQuotes.com",
      "cheapcars.io",
    ]);
    expect(listings.map((l) => l.name)).toEqual(before);
  });

  it("combines search, bounds, TLD and sort", () => {
    expect(names({ search: "c", tld: "io", minPrice: "1000", sort: "price-desc" })).toEqual(["cheapcars.io"]);
  });
});

describe("the Filters panel helpers", () => {
  it("counts the settings that differ from the defaults, not the search", () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...NO_FILTERS, search: "car" })).toBe(0);
    expect(
      activeFilterCount({ search: "", minPrice: "1", maxPrice: "2", tld: "io", sort: "price-asc" }),
    ).toBe(4);
  });

  it("lists each TLD once, alphabetically", () => {
    expect(listingTlds(listings)).toEqual(["co.uk", "com", "io"]);
  });

  it("falls back to newest first for an unknown sort", () => {
    expect(toListingSort("visitors-desc")).toBe("visitors-desc");
    expect(toListingSort("drop table")).toBe("newest");
  });
});

describe("revenueMultiple", () => {
  it("divides the price by thirty days of the average daily revenue, to one decimal", () => {
    expect(revenueMultiple("2500.00", "2.00")).toBe("41.7x");
    expect(revenueMultiple("600.00", "20.00")).toBe("1.0x");
  });

  it("shows a dash when the domain earns nothing", () => {
    expect(revenueMultiple("2500.00", "0.00")).toBe("—");
  });

  it("computes the month from the daily average exactly", () => {
    expect(monthlyRevenue("0.10")).toBe("3.00");
    expect(monthlyRevenue("12.34")).toBe("370.20");
  });
});
