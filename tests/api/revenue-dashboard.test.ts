import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { REVENUE_PATHS, type TDashboardAnswer, ZDashboardAnswer } from "../../shared/api/revenue";
import { accountEvents, domainTraffic, parkingReports } from "../../shared/schema";
import { insertDomain } from "../factories/domains";
import { createAffiliate, credit } from "../factories/revenue";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

/**
 * The fixture lives in Asia/Kolkata (UTC+05:30, so local midnight falls on a half hour) and the
 * clock is pinned to Monday 2 March 2026, 10:20 local time. Every expected figure below is
 * added up by hand from the events listed here.
 */
const NOW = "2026-03-02T10:20:00+05:30";
const ZONE = "Asia/Kolkata";

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let ids: { d1: string; d2: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, { timeZone: ZONE });
  other = await signUp(t.app, { timeZone: ZONE });

  const d1 = await insertDomain(t.db, owner.user.id, { createdAt: new Date("2026-01-10T00:00:00Z") });
  const d2 = await insertDomain(t.db, owner.user.id, { status: "parked", createdAt: new Date(NOW) });
  await insertDomain(t.db, owner.user.id, { status: "pending", createdAt: new Date(NOW) });
  await insertDomain(t.db, owner.user.id, { soldAt: new Date("2026-02-10T00:00:00Z"), soldPrice: "900.00" });
  ids = { d1: d1.id, d2: d2.id };

  await credit(t.db, owner.user.id, [
    { type: "parking", amount: "50.00", at: "2026-01-31T23:59:00+05:30" }, // before last month
    { type: "parking", amount: "7.00", at: "2026-02-01T00:00:00+05:30" }, // last month, before the same point
    { type: "affiliate", amount: "2.00", at: "2026-02-02T10:19:00+05:30" }, // last month, just before the same point
    { type: "parking", amount: "100.00", at: "2026-02-02T10:21:00+05:30" }, // last month, just after it
    { type: "parking", amount: "10.00", at: "2026-02-28T23:59:00+05:30" }, // last day of last month
    { type: "parking", amount: "20.00", at: "2026-03-01T00:00:00+05:30" }, // yesterday, first instant of the month
    { type: "lead", amount: "75.00", at: "2026-03-01T10:19:00+05:30" }, // yesterday, before this time
    { type: "marketplace", amount: "500.00", at: "2026-03-01T10:21:00+05:30" }, // yesterday, after this time
    { type: "affiliate", amount: "5.00", at: "2026-03-01T23:59:59+05:30" }, // yesterday's last second
    { type: "parking", amount: "1.25", at: "2026-03-02T00:00:00+05:30", domainId: d1.id }, // today, 0:00
    { type: "parking", amount: "0.75", at: "2026-03-02T00:14:00+05:30" }, // today, 0:14
    { type: "lead", amount: "75.00", at: "2026-03-02T09:45:00+05:30", domainId: d2.id }, // today, 9:45
    { type: "other", amount: "3.10", at: "2026-03-02T10:19:00+05:30" }, // today, 10:19
  ]);
  // Someone else's revenue at the very same moments must never be counted.
  await credit(t.db, other.user.id, [
    { type: "parking", amount: "999.99", at: "2026-03-02T09:00:00+05:30" },
    { type: "affiliate", amount: "888.88", at: "2026-03-01T09:00:00+05:30" },
  ]);

  await t.db.insert(parkingReports).values([
    {
      userId: owner.user.id,
      domainId: d1.id,
      network: "sedo",
      day: "2026-03-02",
      visitors: 100,
      revenue: "5.00",
    },
    {
      userId: owner.user.id,
      domainId: d1.id,
      network: "sedo",
      day: "2026-02-24",
      visitors: 50,
      revenue: "30.00",
    },
    {
      userId: owner.user.id,
      domainId: d1.id,
      network: "sedo",
      day: "2026-02-20",
      visitors: 10,
      revenue: "15.00",
    },
    // 31 days ago: outside the 30-day window.
    {
      userId: owner.user.id,
      domainId: d1.id,
      network: "sedo",
      day: "2026-01-31",
      visitors: 1000,
      revenue: "100.00",
    },
    {
      userId: owner.user.id,
      domainId: d2.id,
      network: "bodis",
      day: "2026-03-01",
      visitors: 5,
      revenue: "90.00",
    },
  ]);
  await t.db
    .insert(domainTraffic)
    .values({ domainId: d2.id, userId: owner.user.id, day: "2026-03-01", visits: 20 });

  await createAffiliate(t.db, owner.user.id, { isActive: true, totalCommissions: "10.50" });
  await createAffiliate(t.db, owner.user.id, { isActive: true, totalCommissions: "4.25" });
  await createAffiliate(t.db, owner.user.id, { isActive: false, totalCommissions: "0.00" });
  await createAffiliate(t.db, other.user.id, { isActive: true, totalCommissions: "70.00" });

  await t.db.insert(accountEvents).values([
    {
      userId: owner.user.id,
      kind: "domain_added",
      description: "Added one",
      createdAt: new Date("2026-03-01T08:00:00Z"),
    },
    {
      userId: owner.user.id,
      kind: "payout",
      description: "Paid out",
      createdAt: new Date("2026-03-02T01:00:00Z"),
    },
    {
      userId: other.user.id,
      kind: "domain_added",
      description: "Not yours",
      createdAt: new Date("2026-03-02T02:00:00Z"),
    },
  ]);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

function pinClock(at: string = NOW) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(at));
}

async function dashboard(range?: string): Promise<TDashboardAnswer> {
  const res = await owner.agent.get(`/api/revenue/dashboard${range ? `?range=${range}` : ""}`);
  expect(res.status).toBe(200);
  return ZDashboardAnswer.parse(res.body);
}

describe("GET /api/revenue/dashboard", () => {
  it("sums today, yesterday up to this time, the month and last month up to this point in the user's zone", async () => {
    pinClock();
    const { metrics, timeZone } = await dashboard();
    expect(timeZone).toBe(ZONE);
    // Today: 1.25 + 0.75 + 75.00 + 3.10.
    expect(metrics.todayRevenue).toBe("80.10");
    // Yesterday until 10:20: 20.00 + 75.00 (the 10:19 lead sits in a partial quarter hour).
    expect(metrics.yesterdayRevenue).toBe("95.00");
    expect(metrics.todayChangePercent).toBe(-15.7);
    // March so far: 20 + 75 + 500 + 5 + 80.10; not the 23:59 parking of 28 February.
    expect(metrics.monthlyRevenue).toBe("680.10");
    // February until the 2nd, 10:20: 7.00 + 2.00.
    expect(metrics.lastMonthRevenue).toBe("9.00");
    expect(metrics.monthlyChangePercent).toBe(7456.7);
    expect(metrics.affiliateEarnings).toBe("5.00");
    expect(metrics.activeDomains).toBe(2);
    expect(metrics.newDomainsThisMonth).toBe(1);
  });

  it("splits this month's revenue by source, lead and other included", async () => {
    pinClock();
    const { revenue } = await dashboard();
    expect(revenue).toEqual({
      parking: "22.00",
      marketplace: "500.00",
      affiliate: "5.00",
      lead: "150.00",
      other: "3.10",
    });
  });

  it("names the hour it is now in the user's zone, where today's trend ends", async () => {
    pinClock();
    expect((await dashboard()).currentHour).toBe(10);
    pinClock("2026-03-02T23:59:00+05:30");
    expect((await dashboard()).currentHour).toBe(23);
  });

  it("answers 24 hourly buckets of today, empty hours as 0", async () => {
    pinClock();
    const { hourlyRevenue, trend } = await dashboard();
    expect(hourlyRevenue.map((h) => h.hour)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    const expected = Array.from({ length: 24 }, () => 0);
    expected[0] = 2;
    expected[9] = 75;
    expected[10] = 3.1;
    expect(hourlyRevenue.map((h) => h.amount)).toEqual(expected);
    expect(trend.range).toBe("24h");
    expect(trend.points.map((p) => p.key)).toEqual(
      Array.from({ length: 24 }, (_, i) => `${String(i).padStart(2, "0")}:00`),
    );
    expect(trend.points.map((p) => p.amount)).toEqual(expected);
  });

  it("answers the last 7 and 30 local days for the 7D and 30D ranges", async () => {
    pinClock();
    const week = (await dashboard("7d")).trend;
    expect(week.range).toBe("7d");
    expect(week.points).toEqual([
      { key: "2026-02-24", amount: 0 },
      { key: "2026-02-25", amount: 0 },
      { key: "2026-02-26", amount: 0 },
      { key: "2026-02-27", amount: 0 },
      { key: "2026-02-28", amount: 10 },
      { key: "2026-03-01", amount: 600 },
      { key: "2026-03-02", amount: 80.1 },
    ]);
    const month = (await dashboard("30d")).trend;
    expect(month.points).toHaveLength(30);
    expect(month.points[0]).toEqual({ key: "2026-02-01", amount: 7 });
    expect(month.points[1]).toEqual({ key: "2026-02-02", amount: 102 });
    expect(month.points.at(-1)).toEqual({ key: "2026-03-02", amount: 80.1 });
    expect(month.points.reduce((sum, p) => sum + p.amount * 100, 0)).toBe((7 + 102 + 10 + 600 + 80.1) * 100);
  });

  it("ranks active domains by their 30-day parking average and reports today, the month estimate, visitors and trend", async () => {
    pinClock();
    const { topDomains } = await dashboard();
    expect(topDomains).toEqual([
      {
        id: ids.d2,
        name: expect.any(String),
        status: "parked",
        adNetwork: "adsense",
        todayRevenue: "75.00",
        dailyParkingRevenue: "3.00",
        monthlyEstimate: "90.00",
        visitors: 25,
        trendPercent: null,
      },
      {
        id: ids.d1,
        name: expect.any(String),
        status: "active",
        adNetwork: "adsense",
        todayRevenue: "1.25",
        // (5 + 30 + 15) / 30 = 1.67, times 30.
        dailyParkingRevenue: "1.67",
        monthlyEstimate: "50.10",
        visitors: 160,
        // The 7 whole days before today (30.00 on 24 Feb) against the 7 before them (15.00).
        trendPercent: 100,
      },
    ]);
  });

  it("counts the user's referrals and commissions and lists only the user's account events, newest first", async () => {
    pinClock();
    const { affiliateStats, recentEvents } = await dashboard();
    // The inactive one never joined: an open invitation, not a referral.
    expect(affiliateStats).toEqual({ totalReferrals: 2, activeReferrals: 2, totalCommissions: "14.75" });
    expect(recentEvents.map((e) => [e.kind, e.description, e.createdAt])).toEqual([
      ["payout", "Paid out", "2026-03-02T01:00:00.000Z"],
      ["domain_added", "Added one", "2026-03-01T08:00:00.000Z"],
    ]);
  });

  it("never counts another user's events: the other user sees only theirs", async () => {
    pinClock();
    const res = await other.agent.get(REVENUE_PATHS.dashboard);
    const answer = ZDashboardAnswer.parse(res.body);
    expect(answer.metrics.todayRevenue).toBe("999.99");
    expect(answer.metrics.monthlyRevenue).toBe("1888.87");
    expect(answer.metrics.activeDomains).toBe(0);
    expect(answer.topDomains).toEqual([]);
    expect(answer.affiliateStats).toEqual({
      totalReferrals: 1,
      activeReferrals: 1,
      totalCommissions: "70.00",
    });
    expect(answer.recentEvents.map((e) => e.description)).toEqual(["Not yours"]);
  });

  it("follows a re-credited event: the replaced amount counts, not both", async () => {
    pinClock();
    const user = await signUp(t.app, { timeZone: ZONE });
    const at = "2026-03-02T08:00:00+05:30";
    await credit(t.db, user.user.id, [
      { type: "parking", amount: "12.00", at, sourceKey: `re:${user.user.id}` },
    ]);
    await credit(t.db, user.user.id, [
      { type: "parking", amount: "4.50", at, sourceKey: `re:${user.user.id}` },
    ]);
    const res = await user.agent.get(REVENUE_PATHS.dashboard);
    expect(res.body.metrics.todayRevenue).toBe("4.50");
    expect(res.body.hourlyRevenue[8].amount).toBe(4.5);
  });

  it("answers zeros, no change and empty lists for a new account", async () => {
    const user = await signUp(t.app, { timeZone: "America/New_York" });
    const res = await user.agent.get(REVENUE_PATHS.dashboard);
    const answer = ZDashboardAnswer.parse(res.body);
    expect(answer.metrics).toMatchObject({
      todayRevenue: "0.00",
      monthlyRevenue: "0.00",
      todayChangePercent: null,
      monthlyChangePercent: null,
      activeDomains: 0,
      affiliateEarnings: "0.00",
    });
    expect(answer.hourlyRevenue).toHaveLength(24);
    expect(answer.hourlyRevenue.every((h) => h.amount === 0)).toBe(true);
    expect(answer.topDomains).toEqual([]);
    expect(answer.recentEvents).toEqual([]);
    expect(answer.affiliateStats).toEqual({
      totalReferrals: 0,
      activeReferrals: 0,
      totalCommissions: "0.00",
    });
  });

  it("runs a fresh account's 24-hour axis from 0:00 to 23:00 in its zone, not to the hour it is now", async () => {
    const user = await signUp(t.app, { timeZone: "America/Los_Angeles" });
    // 19:05 in Los Angeles: the axis still runs to the end of the local day.
    pinClock("2026-03-02T19:05:00-08:00");

    const res = await user.agent.get(`${REVENUE_PATHS.dashboard}?range=24h`);

    const answer = ZDashboardAnswer.parse(res.body);
    const hours = Array.from({ length: 24 }, (_, i) => i);
    expect(answer.currentHour).toBe(19);
    expect(answer.hourlyRevenue.map((h) => h.hour)).toEqual(hours);
    expect(answer.trend.points.map((p) => p.key)).toEqual(
      hours.map((h) => `${String(h).padStart(2, "0")}:00`),
    );
    expect(answer.trend.points.every((p) => p.amount === 0)).toBe(true);
  });

  it("refuses an unknown range with a 400 message", async () => {
    const res = await owner.agent.get(`${REVENUE_PATHS.dashboard}?range=1y`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Invalid input/);
  });

  it("refuses a signed-out visitor with 401", async () => {
    const res = await request(t.app).get(REVENUE_PATHS.dashboard);
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
  });
});

describe("revenue buckets", () => {
  it("equal the sums of the events for every user, type and quarter hour", async () => {
    const { rows } = await t.db.execute<{ mismatches: number }>(sql`
      with expected as (
        select user_id, date_bin('15 minutes', occurred_at, timestamptz '2000-01-01 00:00:00+00') as bucket, type,
          sum(amount) as amount, count(*)::int as events
        from revenue_events group by 1, 2, 3
      )
      select count(*)::int as mismatches
      from expected e full join (select * from revenue_buckets where events <> 0) b using (user_id, bucket, type)
      where e.amount is distinct from b.amount or e.events is distinct from b.events
    `);
    expect(rows[0].mismatches).toBe(0);
  });
});
