import { describe, expect, it } from "vitest";
import {
  DEFAULT_DOMAIN_FILTER,
  filterDomains,
  pageOf,
} from "../../client/src/features/domains/utils/filter-domains";
import type { TDomain } from "../../shared/api/domains";

const domain = (name: string, overrides: Partial<TDomain> = {}): TDomain => ({
  id: name,
  name,
  status: "active",
  adNetwork: "adsense",
  nameservers: "",
  parkingTemplate: "standard",
  parkingRevenue: "0.00",
  visitors: 0,
  registrationDate: "2024-01-01T12:00:00.000Z",
  expiryDate: null,
  marketplacePrice: null,
  purchasePrice: null,
  renewalCost: null,
  createdAt: "2024-01-01T12:00:00.000Z",
  soldAt: null,
  verification: {
    status: "verified",
    txtRecord: { name, value: "parkpilot-verify=token" },
    nameservers: ["ns1.parkpilot.net", "ns2.parkpilot.net"],
    verifiedAt: "2024-01-01T12:00:00.000Z",
    lastCheckedAt: "2024-01-01T12:00:00.000Z",
  },
  ...overrides,
});

const portfolio = [
  domain("newest.com", { parkingRevenue: "2.50", visitors: 10, expiryDate: "2027-01-01T12:00:00.000Z" }),
  domain("alpha.net", { status: "parked", parkingRevenue: "10.00", visitors: 5 }),
  domain("zulu.org", {
    status: "pending",
    parkingRevenue: "2.50",
    visitors: 99,
    expiryDate: "2026-06-01T12:00:00.000Z",
  }),
];
const names = (list: TDomain[]) => list.map((d) => d.name);

describe("filterDomains", () => {
  it("keeps the API's newest-first order by default", () => {
    expect(names(filterDomains(portfolio, DEFAULT_DOMAIN_FILTER))).toEqual([
      "newest.com",
      "alpha.net",
      "zulu.org",
    ]);
  });

  it("finds names by a case-insensitive part and keeps one status", () => {
    expect(names(filterDomains(portfolio, { ...DEFAULT_DOMAIN_FILTER, search: "  ALP " }))).toEqual([
      "alpha.net",
    ]);
    expect(names(filterDomains(portfolio, { ...DEFAULT_DOMAIN_FILTER, status: "pending" }))).toEqual([
      "zulu.org",
    ]);
  });

  it("sorts by name, revenue (ties by name), visitors, and soonest expiry with the undated last", () => {
    const sorted = (sort: typeof DEFAULT_DOMAIN_FILTER.sort) =>
      names(filterDomains(portfolio, { ...DEFAULT_DOMAIN_FILTER, sort }));
    expect(sorted("name")).toEqual(["alpha.net", "newest.com", "zulu.org"]);
    expect(sorted("revenue")).toEqual(["alpha.net", "newest.com", "zulu.org"]);
    expect(sorted("visitors")).toEqual(["zulu.org", "newest.com", "alpha.net"]);
    expect(sorted("expiry")).toEqual(["zulu.org", "newest.com", "alpha.net"]);
  });

  it("leaves the list it was given unsorted", () => {
    const given = [...portfolio];
    filterDomains(given, { ...DEFAULT_DOMAIN_FILTER, sort: "name" });
    expect(names(given)).toEqual(["newest.com", "alpha.net", "zulu.org"]);
  });
});

describe("pageOf", () => {
  const items = Array.from({ length: 30 }, (_, i) => i + 1);

  it("answers a page with where it starts and ends", () => {
    expect(pageOf(items, 2, 24)).toEqual({
      items: [25, 26, 27, 28, 29, 30],
      page: 2,
      pageCount: 2,
      from: 25,
      to: 30,
    });
  });

  it("shows the last page for a page past the end and the first for one before it", () => {
    expect(pageOf(items, 9, 24).page).toBe(2);
    expect(pageOf(items, 0, 24).from).toBe(1);
  });

  it("has one empty page when there is nothing", () => {
    expect(pageOf([], 1, 24)).toEqual({ items: [], page: 1, pageCount: 1, from: 0, to: 0 });
  });
});
