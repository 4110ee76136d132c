import { sql } from "drizzle-orm";
import type request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOMAIN_PATHS, DOMAIN_SORTS, type TDomain, type TDomainSort } from "../../shared/api/domains";
import { encodeCursor } from "../../shared/api/v1/common";
import { pathTo } from "../../shared/path-to";
import { addDomain, csv, markVerified } from "../factories/domains";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

type Agent = ReturnType<typeof request.agent>;

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
/** The owner's portfolio, each domain as one unpaged read shows it. */
let portfolio: TDomain[];

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/**
 * Seven domains whose figures differ: parking revenue and visitors from a report, expiry dates
 * (one none), two statuses, and two names sharing a word for the search.
 */
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  const specs = [
    { name: "alpha-cars.com", revenue: "30.00", visitors: 300, expiry: "2027-03-01" },
    { name: "bravo-quotes.net", revenue: "90.00", visitors: 100, expiry: "2026-12-31" },
    { name: "charlie-cars.org", revenue: "60.00", visitors: 900, expiry: null },
    { name: "delta-insure.io", revenue: "0.00", visitors: 0, expiry: "2027-01-15" },
    { name: "echo-rates.com", revenue: "60.00", visitors: 500, expiry: "2027-01-15" },
    { name: "foxtrot-drive.com", revenue: "120.00", visitors: 700, expiry: null },
    { name: "golf-cover.co", revenue: "15.00", visitors: 200, expiry: "2028-06-30" },
  ];
  const rows: (string | number)[][] = [["date", "domain", "visitors", "clicks", "revenue"]];
  for (const spec of specs) {
    const domain = await addDomain(owner.agent, { name: spec.name });
    const edit = await owner.agent
      .patch(pathTo(DOMAIN_PATHS.one, { id: domain.id }))
      .send({ registrationDate: "2024-01-01", expiryDate: spec.expiry });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    if (spec.name.includes("cars")) await markVerified(t.db, domain.id, "parked");
    if (spec.visitors > 0) rows.push([daysAgo(1), spec.name, spec.visitors, 1, spec.revenue]);
  }
  const report = await owner.agent
    .post("/api/parking-reports/parkingcrew")
    .set("Content-Type", "text/csv")
    .send(csv(rows));
  expect(report.status, JSON.stringify(report.body)).toBe(201);
  portfolio = (await owner.agent.get(`${DOMAIN_PATHS.list}?limit=500`).expect(200)).body;
  expect(portfolio).toHaveLength(specs.length);
});
afterAll(() => t.close());

/** Every page of a query, following X-Next-Cursor; answers the names in order and each page's headers. */
async function walk(agent: Agent, query: Record<string, string>) {
  const names: string[] = [];
  const totals: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 20; pages++) {
    const res = await agent.get(DOMAIN_PATHS.list).query({ ...query, ...(cursor ? { cursor } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    names.push(...(res.body as TDomain[]).map((d) => d.name));
    totals.push(res.headers["x-total-count"]);
    cursor = res.headers["x-next-cursor"];
    if (!cursor) return { names, totals, pages: pages + 1 };
  }
  throw new Error("more than 20 pages");
}

const byName = (a: TDomain, b: TDomain) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
/** Each order as the product defines it, computed here from the unpaged read. */
const EXPECTED: Record<TDomainSort, (a: TDomain, b: TDomain) => number> = {
  newest: (a, b) => b.createdAt.localeCompare(a.createdAt) || byName(a, b),
  name: byName,
  revenue: (a, b) => Number(b.parkingRevenue) - Number(a.parkingRevenue) || byName(a, b),
  visitors: (a, b) => b.visitors - a.visitors || byName(a, b),
  expiry: (a, b) => (a.expiryDate ?? "9999").localeCompare(b.expiryDate ?? "9999") || byName(a, b),
};

describe("GET /api/domains pages the portfolio on the server", () => {
  for (const { value: sort } of DOMAIN_SORTS) {
    it(`in the "${sort}" order: every domain exactly once across pages of 3, in order, with the total on each`, async () => {
      const { names, totals, pages } = await walk(owner.agent, { sort, limit: "3" });
      expect(pages).toBe(3);
      expect(names).toEqual([...portfolio].sort(EXPECTED[sort]).map((d) => d.name));
      expect(totals).toEqual(["7", "7", "7"]);
    });
  }

  it("ties on the sort value are broken by name, and domains without an expiry date come last", async () => {
    const { names } = await walk(owner.agent, { sort: "expiry", limit: "2" });
    expect(names.slice(1, 3)).toEqual(["delta-insure.io", "echo-rates.com"]);
    expect(names.slice(-2)).toEqual(["charlie-cars.org", "foxtrot-drive.com"]);
    const revenue = await walk(owner.agent, { sort: "revenue", limit: "2" });
    expect(revenue.names.slice(0, 4)).toEqual([
      "foxtrot-drive.com",
      "bravo-quotes.net",
      "charlie-cars.org",
      "echo-rates.com",
    ]);
  });

  it("filters by part of the name and by status before paging, and counts what the filters keep", async () => {
    const cars = await walk(owner.agent, { q: "CARS", limit: "1", sort: "name" });
    expect(cars.names).toEqual(["alpha-cars.com", "charlie-cars.org"]);
    expect(cars.totals).toEqual(["2", "2"]);
    const pending = await walk(owner.agent, { status: "pending", sort: "visitors" });
    expect(pending.names).toHaveLength(5);
    expect(pending.totals).toEqual(["5"]);
    const none = await walk(owner.agent, { q: "zzz_%" });
    expect(none).toEqual({ names: [], totals: ["0"], pages: 1 });
  });

  it("answers the first 100 domains when no limit is given", async () => {
    const res = await owner.agent.get(DOMAIN_PATHS.list).expect(200);
    expect(res.body).toHaveLength(7);
    expect(res.headers["x-next-cursor"]).toBeUndefined();
    expect(res.headers["x-total-count"]).toBe("7");
  });

  it("refuses a bad cursor, a cursor of another order, a bad sort or limit with 400", async () => {
    const first = await owner.agent.get(DOMAIN_PATHS.list).query({ sort: "revenue", limit: "2" }).expect(200);
    const revenueCursor = first.headers["x-next-cursor"];
    expect(revenueCursor).toBeTruthy();
    for (const query of [
      { cursor: "not-a-cursor" },
      { cursor: revenueCursor, sort: "newest" },
      { cursor: encodeCursor(["2026-02-30T00:00:00Z", "x.com"]) },
      { cursor: encodeCursor(["1e9999", "x.com"]), sort: "revenue" },
      { cursor: encodeCursor([{ $ne: 1 }, "x.com"]), sort: "visitors" },
      { sort: "price" },
      { limit: "0" },
      { limit: "501" },
    ]) {
      const res = await owner.agent.get(DOMAIN_PATHS.list).query(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
  });

  it("never shows another owner's domains, whatever cursor they send", async () => {
    const other = await signUp(t.app);
    const first = await owner.agent.get(DOMAIN_PATHS.list).query({ sort: "name", limit: "2" }).expect(200);
    const res = await other.agent
      .get(DOMAIN_PATHS.list)
      .query({ sort: "name", cursor: first.headers["x-next-cursor"] })
      .expect(200);
    expect(res.body).toEqual([]);
    expect(res.headers["x-total-count"]).toBe("0");
  });

  it("ranks by figures made fresh for every domain, also those off the page", async () => {
    const solo = await signUp(t.app);
    const small = await addDomain(solo.agent, { name: "small-earner.com" });
    const middle = await addDomain(solo.agent, { name: "middle-earner.com" });
    const big = await addDomain(solo.agent, { name: "big-earner.com" });
    for (const domain of [small, middle, big]) {
      await solo.agent
        .patch(pathTo(DOMAIN_PATHS.one, { id: domain.id }))
        .send({ registrationDate: "2024-01-01" })
        .expect(200);
    }
    await solo.agent
      .post("/api/parking-reports/parkingcrew")
      .set("Content-Type", "text/csv")
      .send(
        csv([
          ["date", "domain", "visitors", "clicks", "revenue"],
          [daysAgo(1), "small-earner.com", 10, 1, "10.00"],
          [daysAgo(1), "middle-earner.com", 30, 1, "30.00"],
          [daysAgo(1), "big-earner.com", 50, 1, "50.00"],
        ]),
      )
      .expect(201);
    await solo.agent.get(DOMAIN_PATHS.list).expect(200);
    // Yesterday's figures for the big earner, as a new day finds them: out of date and wrong. The
    // page of one (and the row after it) holds only fresh domains.
    await t.db.execute(
      sql`update domain_figures set as_of = as_of - 1, revenue = 0, visitors = 0 where domain_id = ${big.id}`,
    );
    const top = await solo.agent.get(`${DOMAIN_PATHS.list}?sort=revenue&limit=1`).expect(200);
    expect(top.body.map((d: TDomain) => d.name)).toEqual(["big-earner.com"]);
    const most = await solo.agent.get(`${DOMAIN_PATHS.list}?sort=visitors&limit=1`).expect(200);
    expect(most.body[0]).toMatchObject({ name: "big-earner.com", visitors: 50 });
  });
});
