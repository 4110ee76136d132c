import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  type ListingFilters,
  listingQuery,
  NO_FILTERS,
  toListingSort,
} from "@/features/marketplace/utils/filter-listings";
import {
  annualRevenue,
  monthlyRevenue,
  revenueMultiple,
} from "@/features/marketplace/utils/revenue-multiple";

const query = (filters: Partial<ListingFilters>, search = filters.search ?? "") =>
  listingQuery({ ...NO_FILTERS, ...filters }, search);

describe("listingQuery: what the server is asked (it searches, filters and sorts)", () => {
  it("asks for the newest first and nothing else when nothing is set", () => {
    expect(query({})).toEqual({ sort: "newest" });
  });

  it("sends the settled search trimmed, and no search when blank", () => {
    expect(query({}, "  hub ").q).toBe("hub");
    expect(query({}, "   ").q).toBeUndefined();
  });

  it("sends bounds as dollars with two decimals, and none when blank, unreadable or negative", () => {
    expect(query({ minPrice: "1500", maxPrice: "99.999" })).toMatchObject({
      minPrice: "1500.00",
      maxPrice: "100.00",
    });
    expect(query({ minPrice: " ", maxPrice: "abc" })).toEqual({ sort: "newest" });
    expect(query({ minPrice: "-5" }).minPrice).toBeUndefined();
    // A bound past the highest price the server takes is that price, not a refused search.
    expect(query({ maxPrice: "1000000000000" }).maxPrice).toBe("99999999.99");
    expect(query({ minPrice: "0.005", maxPrice: "12.344" })).toMatchObject({
      minPrice: "0.01",
      maxPrice: "12.34",
    });
  });

  it("sends the TLD and the order as chosen", () => {
    expect(query({ tld: "co.uk", sort: "price-desc" })).toEqual({ sort: "price-desc", tld: "co.uk" });
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

  it("falls back to newest first for an unknown sort", () => {
    expect(toListingSort("visitors-desc")).toBe("visitors-desc");
    expect(toListingSort("drop table")).toBe("newest");
  });
});

describe("revenueMultiple", () => {
  it("divides the price by a year (365 days) of the average daily revenue, to one decimal", () => {
    expect(revenueMultiple("2500.00", "2.00")).toBe("3.4x");
    expect(revenueMultiple("7300.00", "20.00")).toBe("1.0x");
    expect(annualRevenue("2.00")).toBe("730.00");
  });

  it("shows a dash when the domain earns nothing", () => {
    expect(revenueMultiple("2500.00", "0.00")).toBe("—");
  });

  it("computes the month from the daily average exactly", () => {
    expect(monthlyRevenue("0.10")).toBe("3.00");
    expect(monthlyRevenue("12.34")).toBe("370.20");
  });
});
