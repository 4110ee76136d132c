import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAnalytics } from "../../server/modules/analytics/analytics.service";
import type { TAnalyticsAnswer } from "../../shared/api/analytics";
import { ANALYTICS_PATH } from "../../shared/api/analytics";
import { addParkingReport, addRevenue, addTraffic, grantAnalytics } from "../factories/analytics";
import { insertDomain } from "../factories/domains";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let now: Date;
/** The calendar day `k` days before today (UTC, the owner's zone). */
let dayAgo: (k: number) => string;

/**
 * The fixture, by days before today (0 = today), with every expected figure worked out by hand
 * in the tests below. alpha.com and beta.com are the owner's; a stranger earns on the same days.
 */
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, { timeZone: "UTC" });
  // The 90-day range needs a plan's history (free keeps 7 days).
  await grantAnalytics(t.db, owner.user.id, "pro");
  const stranger = await signUp(t.app, { timeZone: "UTC" });
  now = new Date();
  dayAgo = (k) => isoDay(new Date(now.getTime() - k * DAY_MS));
  const at = (k: number) => new Date(now.getTime() - k * DAY_MS);
  const userId = owner.user.id;
  const alpha = await insertDomain(t.db, userId, { name: "alpha-analytics.com" });
  const beta = await insertDomain(t.db, userId, { name: "beta-analytics.com" });
  const theirs = await insertDomain(t.db, stranger.user.id, { name: "stranger-analytics.com" });

  const revenue: [
    number,
    string | null,
    "parking" | "lead" | "marketplace" | "affiliate" | "other",
    string,
  ][] = [
    [0, alpha.id, "parking", "10.10"],
    [0, alpha.id, "lead", "75.00"],
    [3, beta.id, "marketplace", "1500.00"],
    [3, null, "affiliate", "12.34"],
    [6, beta.id, "parking", "0.01"],
    [6, null, "other", "2.50"],
    [7, alpha.id, "parking", "20.00"],
    [29, beta.id, "lead", "75.00"],
    [30, alpha.id, "parking", "1.11"],
    [89, null, "affiliate", "3.33"],
    [90, alpha.id, "parking", "999.99"],
  ];
  for (const [k, domainId, type, amount] of revenue) {
    await addRevenue(t.db, { userId, domainId, type, amount, at: at(k) });
  }
  await addRevenue(t.db, {
    userId: stranger.user.id,
    domainId: theirs.id,
    type: "parking",
    amount: "500.00",
    at: at(0),
  });

  await addTraffic(t.db, alpha, { day: dayAgo(0), visits: 200, leads: 2 });
  await addTraffic(t.db, beta, { day: dayAgo(3), visits: 50, leads: 1 });
  await addTraffic(t.db, alpha, { day: dayAgo(29), visits: 10, leads: 1 });
  await addTraffic(t.db, alpha, { day: dayAgo(95), visits: 1000, leads: 40 });
  await addParkingReport(t.db, alpha, { day: dayAgo(0), visitors: 300, revenue: "10.10" });
  await addParkingReport(t.db, beta, { day: dayAgo(6), visitors: 100, revenue: "0.01" });
  await addTraffic(t.db, theirs, { day: dayAgo(0), visits: 9999, leads: 99 });
});
afterAll(() => t.close());

const fetchRange = async (range: string) => {
  const res = await owner.agent.get(`${ANALYTICS_PATH}?range=${range}`);
  expect(res.status).toBe(200);
  return res.body as TAnalyticsAnswer;
};
const dayOf = (answer: TAnalyticsAnswer, k: number) => answer.days.find((d) => d.day === dayAgo(k));

describe("GET /api/analytics", () => {
  it("over 7 days sums revenue by source, traffic and conversion of the last 7 days only", async () => {
    const answer = await fetchRange("7d");

    expect(answer.from).toBe(dayAgo(6));
    expect(answer.to).toBe(dayAgo(0));
    expect(answer.totals.revenue).toEqual({
      parking: "10.11",
      lead: "75.00",
      marketplace: "1500.00",
      affiliate: "12.34",
      other: "2.50",
      total: "1599.95",
    });
    // Conversion is over the parked pages' visits (250), not every visitor (650), as the reports count it.
    expect(answer.totals).toMatchObject({ visitors: 650, pageVisits: 250, leads: 3, conversionRate: 1.2 });
    expect(answer.topDomains).toEqual([
      { id: expect.any(String), name: "beta-analytics.com", revenue: "1500.01", visitors: 150, leads: 1 },
      { id: expect.any(String), name: "alpha-analytics.com", revenue: "85.10", visitors: 500, leads: 2 },
    ]);
  });

  it("over 30 days adds what happened 7 to 29 days ago", async () => {
    const answer = await fetchRange("30d");

    expect(answer.from).toBe(dayAgo(29));
    expect(answer.totals.revenue).toEqual({
      parking: "30.11",
      lead: "150.00",
      marketplace: "1500.00",
      affiliate: "12.34",
      other: "2.50",
      total: "1694.95",
    });
    expect(answer.totals).toMatchObject({ visitors: 660, pageVisits: 260, leads: 4, conversionRate: 1.54 });
    expect(answer.topDomains.map((d) => [d.name, d.revenue])).toEqual([
      ["beta-analytics.com", "1575.01"],
      ["alpha-analytics.com", "105.10"],
    ]);
  });

  it("over 90 days adds what happened 30 to 89 days ago and nothing older", async () => {
    const answer = await fetchRange("90d");

    expect(answer.from).toBe(dayAgo(89));
    expect(answer.totals.revenue).toEqual({
      parking: "31.22",
      lead: "150.00",
      marketplace: "1500.00",
      affiliate: "15.67",
      other: "2.50",
      total: "1699.39",
    });
    expect(answer.totals).toMatchObject({ visitors: 660, leads: 4 });
    expect(answer.topDomains.map((d) => [d.name, d.revenue])).toEqual([
      ["beta-analytics.com", "1575.01"],
      ["alpha-analytics.com", "106.21"],
    ]);
  });

  it.each([
    ["7d", 7],
    ["30d", 30],
    ["90d", 90],
  ])("over %s lists every day in order, days without data as zeros", async (range, length) => {
    const answer = await fetchRange(range);

    expect(answer.days).toHaveLength(length);
    expect(answer.days.map((d) => d.day)).toEqual(Array.from({ length }, (_, i) => dayAgo(length - 1 - i)));
    expect(dayOf(answer, 1)).toEqual({
      day: dayAgo(1),
      revenue: {
        parking: "0.00",
        lead: "0.00",
        marketplace: "0.00",
        affiliate: "0.00",
        other: "0.00",
        total: "0.00",
      },
      visitors: 0,
      pageVisits: 0,
      leads: 0,
      conversionRate: 0,
    });
  });

  it("puts each day's figures on its own day", async () => {
    const answer = await fetchRange("7d");

    expect(dayOf(answer, 0)).toMatchObject({
      revenue: { parking: "10.10", lead: "75.00", total: "85.10" },
      visitors: 500,
      leads: 2,
      conversionRate: 1,
    });
    expect(dayOf(answer, 3)).toMatchObject({
      revenue: { marketplace: "1500.00", affiliate: "12.34", total: "1512.34" },
      visitors: 50,
      leads: 1,
      conversionRate: 2,
    });
    expect(dayOf(answer, 6)?.revenue).toMatchObject({ parking: "0.01", other: "2.50", total: "2.51" });
  });

  it("defaults to 7 days and refuses an unknown range with 400 and a message", async () => {
    const fallback = await owner.agent.get(ANALYTICS_PATH);
    expect(fallback.status).toBe(200);
    expect(fallback.body.days).toHaveLength(7);

    const bad = await owner.agent.get(`${ANALYTICS_PATH}?range=5y`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Invalid/);
  });

  it("answers 401 to a signed-out visitor", async () => {
    const res = await request(t.app).get(`${ANALYTICS_PATH}?range=7d`);
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
  });

  it("shows a user with no data a full range of zeros", async () => {
    const newcomer = await signUp(t.app);
    const res = await newcomer.agent.get(`${ANALYTICS_PATH}?range=7d`);
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(7);
    expect(res.body.totals).toMatchObject({ visitors: 0, leads: 0, conversionRate: 0 });
    expect(res.body.totals.revenue.total).toBe("0.00");
    expect(res.body.topDomains).toEqual([]);
  });
});

describe("analytics days in the user's time zone", () => {
  it("counts an event on the calendar day it happened where the user lives", async () => {
    const { user } = await signUp(t.app, { timeZone: "America/New_York" });
    // 03:00 UTC on Jan 15 is 22:00 on Jan 14 in New York (UTC-5): today there is Jan 14.
    const at = new Date("2025-01-15T03:00:00Z");
    const events: [string, string][] = [
      ["2025-01-15T01:00:00Z", "1.00"], // Jan 14, 20:00 in New York: today
      ["2025-01-08T05:00:00Z", "2.00"], // Jan 8, 00:00: the first day of the range
      ["2025-01-08T04:59:00Z", "4.00"], // Jan 7, 23:59: the day before the range
    ];
    for (const [instant, amount] of events) {
      await addRevenue(t.db, { userId: user.id, type: "parking", amount, at: new Date(instant) });
    }

    const answer = await getAnalytics({ db: t.db, userId: user.id, range: "7d", now: at });

    expect(answer).toMatchObject({ timeZone: "America/New_York", from: "2025-01-08", to: "2025-01-14" });
    expect(answer.days[0]).toMatchObject({ day: "2025-01-08", revenue: { parking: "2.00" } });
    expect(answer.days[6]).toMatchObject({ day: "2025-01-14", revenue: { parking: "1.00" } });
    expect(answer.totals.revenue.total).toBe("3.00");
  });
});

describe("money stays exact", () => {
  it("sums many cents without float drift", async () => {
    const { agent, user } = await signUp(t.app, { timeZone: "UTC" });
    const at = new Date();
    for (let i = 0; i < 30; i++) {
      await addRevenue(t.db, { userId: user.id, type: "lead", amount: "0.10", at });
    }
    const [{ expected }] = (
      await t.db.execute<{ expected: string }>(
        sql`select sum(amount)::text as expected from revenue_events where user_id = ${user.id}`,
      )
    ).rows;

    const res = await agent.get(`${ANALYTICS_PATH}?range=7d`);

    expect(expected).toBe("3.00");
    expect(res.body.totals.revenue.lead).toBe("3.00");
  });
});
