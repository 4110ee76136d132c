import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LISTING_SORTS,
  marketplacePaths,
  type TListingSort,
  type TMarketplaceListing,
} from "../../shared/api/marketplace/listings";
import { encodeCursor } from "../../shared/api/v1/common";
import { insertDomain } from "../factories/domains";
import { createParkingDays } from "../factories/marketplace";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

// A database of its own: the marketplace is every owner's listings, so other files' would mix in.
let t: TestApp;
let buyer: Awaited<ReturnType<typeof signUp>>;
let seller: Awaited<ReturnType<typeof signUp>>;
/** Every listing, as one unpaged read shows it. */
let market: TMarketplaceListing[];
const stem = `mp${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await createTestApp();
  seller = await signUp(t.app);
  buyer = await signUp(t.app);
  const specs = [
    { name: `${stem}-a.com`, price: "500.00", visitors: 30, hoursAgo: 7 },
    { name: `${stem}-b.net`, price: "1500.00", visitors: 10, hoursAgo: 6 },
    { name: `${stem}-c.com`, price: "1500.00", visitors: 50, hoursAgo: 5 },
    { name: `${stem}-d.io`, price: "99.99", visitors: 0, hoursAgo: 4 },
    { name: `${stem}-e.com`, price: "2500.00", visitors: 30, hoursAgo: 3 },
    { name: `${stem}-f.co.uk`, price: "750.00", visitors: 20, hoursAgo: 2 },
    { name: `${stem}-g.net`, price: "10000.00", visitors: 5, hoursAgo: 1 },
  ];
  for (const spec of specs) {
    const domain = await insertDomain(t.db, seller.user.id, {
      name: spec.name,
      marketplacePrice: spec.price,
      listedAt: new Date(Date.now() - spec.hoursAgo * 3_600_000),
    });
    if (spec.visitors)
      await createParkingDays(t.db, domain, { days: 1, revenue: "1.00", visitors: spec.visitors });
  }
  // Neither listed nor sold domains are on offer, and never count.
  await insertDomain(t.db, seller.user.id, { name: `${stem}-unlisted.com` });
  market = (await buyer.agent.get(`${marketplacePaths.domains}?limit=200`).expect(200)).body;
  expect(market).toHaveLength(specs.length);
});
afterAll(() => t.close());

async function walk(query: Record<string, string>) {
  const names: string[] = [];
  const totals: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 20; pages++) {
    const res = await buyer.agent
      .get(marketplacePaths.domains)
      .query({ ...query, ...(cursor ? { cursor } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    names.push(...(res.body as TMarketplaceListing[]).map((l) => l.name));
    totals.push(res.headers["x-total-count"]);
    cursor = res.headers["x-next-cursor"];
    if (!cursor) return { names, totals, pages: pages + 1 };
  }
  throw new Error("more than 20 pages");
}

const byName = (a: TMarketplaceListing, b: TMarketplaceListing) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
const EXPECTED: Record<TListingSort, (a: TMarketplaceListing, b: TMarketplaceListing) => number> = {
  newest: (a, b) => b.listedAt.localeCompare(a.listedAt) || byName(a, b),
  "price-asc": (a, b) => Number(a.price) - Number(b.price) || byName(a, b),
  "price-desc": (a, b) => Number(b.price) - Number(a.price) || byName(a, b),
  "visitors-desc": (a, b) => b.visitors - a.visitors || byName(a, b),
};

describe("GET /api/marketplace/domains pages the listings on the server", () => {
  for (const { value: sort } of LISTING_SORTS) {
    it(`in the "${sort}" order: every listing exactly once across pages of 2, in order`, async () => {
      const { names, totals, pages } = await walk({ sort, limit: "2" });
      expect(pages).toBe(4);
      expect(names).toEqual([...market].sort(EXPECTED[sort]).map((l) => l.name));
      expect(new Set(totals)).toEqual(new Set(["7"]));
    });
  }

  it("filters by name, price range and TLD before paging, and counts what they keep", async () => {
    expect((await walk({ q: `${stem}-C` })).names).toEqual([`${stem}-c.com`]);
    const range = await walk({ minPrice: "500", maxPrice: "1500.00", sort: "price-asc", limit: "2" });
    expect(range.names).toEqual([`${stem}-a.com`, `${stem}-f.co.uk`, `${stem}-b.net`, `${stem}-c.com`]);
    expect(range.totals).toEqual(["4", "4"]);
    expect((await walk({ tld: "CO.UK" })).names).toEqual([`${stem}-f.co.uk`]);
    expect((await walk({ tld: "net", sort: "price-desc" })).names).toEqual([
      `${stem}-g.net`,
      `${stem}-b.net`,
    ]);
    expect(await walk({ q: "%_" })).toEqual({ names: [], totals: ["0"], pages: 1 });
  });

  it("lists the TLDs on offer for the Filters panel", async () => {
    const res = await buyer.agent.get(marketplacePaths.tlds).expect(200);
    expect(res.body).toEqual(["co.uk", "com", "io", "net"]);
  });

  it("refuses a bad cursor, a cursor of another order, bad bounds, TLD, sort or limit with 400", async () => {
    const first = await buyer.agent.get(marketplacePaths.domains).query({ sort: "price-asc", limit: "2" });
    const priceCursor = first.headers["x-next-cursor"];
    expect(priceCursor).toBeTruthy();
    for (const query of [
      { cursor: "garbage" },
      { cursor: priceCursor, sort: "visitors-desc" },
      { cursor: encodeCursor(["NaN", "x.com"]), sort: "price-asc" },
      { cursor: encodeCursor(["2026-13-01T00:00:00Z", "x.com"]) },
      { minPrice: "-5" },
      { maxPrice: "1e9" },
      { tld: "com'--" },
      { sort: "cheapest" },
      { limit: "0" },
      { limit: "201" },
    ]) {
      const res = await buyer.agent.get(marketplacePaths.domains).query(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
  });

  it("marks only the viewer's own listings, on every page", async () => {
    const own = await walk({ limit: "3" });
    expect(own.names).toHaveLength(7);
    const sellerView = await seller.agent.get(`${marketplacePaths.domains}?limit=200`).expect(200);
    expect(sellerView.body.every((l: TMarketplaceListing) => l.isOwn)).toBe(true);
    expect(market.some((l) => l.isOwn)).toBe(false);
  });
});
