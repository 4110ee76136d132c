import type { RequestHandler } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TAnalyticsBreakdowns, TPortfolioMonths } from "../../shared/api/analytics";
import {
  ANALYTICS_BREAKDOWNS_PATH,
  ANALYTICS_EXPORT_PATH,
  ANALYTICS_MONTHS_PATH,
} from "../../shared/api/analytics";
import { addParkingReport, addRevenue, addTraffic, grantAnalytics } from "../factories/analytics";
import { addVerifiedDomain, insertDomain } from "../factories/domains";
import { VISITOR_PROXY_ENV } from "../factories/leads";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

/** Stands in for the web client: every GET is answered with the landing page's HTML. */
const landingPage: RequestHandler = (_req, res) => {
  res.type("html").send("<!doctype html><title>Compare car insurance</title>");
};

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (k: number) => new Date(Date.now() - k * 86_400_000).toISOString().slice(0, 10);

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let alpha: { id: string; userId: string; name: string };
let beta: { id: string; userId: string; name: string };

beforeAll(async () => {
  t = await createTestApp({ env: VISITOR_PROXY_ENV, customize: (deps) => (deps.client = [landingPage]) });
  owner = await signUp(t.app, { timeZone: "UTC" });
  await grantAnalytics(t.db, owner.user.id, "pro");
  alpha = await insertDomain(t.db, owner.user.id, { name: "alpha-breakdown.com" });
  beta = await insertDomain(t.db, owner.user.id, { name: "beta-breakdown.com" });
  // alpha: 2,000 ad visitors, 50 clicks, $10.00 → RPM 5.00, CTR 2.50%, EPC 0.20.
  await addParkingReport(t.db, alpha, { day: today(), visitors: 1500, clicks: 40, revenue: "7.50" });
  await addParkingReport(t.db, alpha, { day: daysAgo(3), visitors: 500, clicks: 10, revenue: "2.50" });
  // Outside the 7-day range: counted over 30 days only.
  await addParkingReport(t.db, alpha, { day: daysAgo(20), visitors: 1000, clicks: 0, revenue: "1.00" });
  // beta: landing visits and leads only: 4 leads of 160 visits → 2.50%.
  await addTraffic(t.db, beta, { day: today(), visits: 160, leads: 4 });
  const stranger = await signUp(t.app, { timeZone: "UTC" });
  const theirs = await insertDomain(t.db, stranger.user.id, { name: "stranger-breakdown.com" });
  await addParkingReport(t.db, theirs, { day: today(), visitors: 9999, clicks: 999, revenue: "999.00" });
});
afterAll(() => t.close());

async function breakdowns(range = "7d") {
  const res = await owner.agent.get(`${ANALYTICS_BREAKDOWNS_PATH}?range=${range}`);
  expect(res.status).toBe(200);
  return res.body as TAnalyticsBreakdowns;
}

describe("per-domain breakdown", () => {
  it("works out RPM, CTR and EPC from the imported reports of the range", async () => {
    const answer = await breakdowns();
    expect(answer.domainCount).toBe(2);
    expect(answer.domains[0]).toEqual({
      id: alpha.id,
      name: "alpha-breakdown.com",
      parkingVisitors: 2000,
      clicks: 50,
      parkingRevenue: "10.00",
      rpm: "5.00",
      ctr: 2.5,
      epc: "0.20",
      landingVisits: 0,
      leads: 0,
      leadConversion: null,
    });
  });

  it("gives each domain's lead conversion from its counted visits, and nulls where nothing was seen", async () => {
    const answer = await breakdowns();
    expect(answer.domains[1]).toMatchObject({
      name: "beta-breakdown.com",
      parkingVisitors: 0,
      rpm: null,
      ctr: null,
      epc: null,
      landingVisits: 160,
      leads: 4,
      leadConversion: 2.5,
    });
  });

  it("adds older reports over a longer range and never another account's domains", async () => {
    const answer = await breakdowns("30d");
    expect(answer.domains.map((d) => d.name)).toEqual(["alpha-breakdown.com", "beta-breakdown.com"]);
    expect(answer.domains[0]).toMatchObject({
      parkingVisitors: 3000,
      clicks: 50,
      parkingRevenue: "11.00",
      rpm: "3.67",
    });
  });

  it("exports every domain as CSV", async () => {
    const res = await owner.agent.get(`${ANALYTICS_EXPORT_PATH}?range=7d&table=domains`);
    expect(res.status).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/parkpilot-domains-7d-/);
    const lines = res.text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Domain,Parking visitors,Clicks,Parking revenue,RPM,CTR (%),EPC,Landing visits,Leads,Lead conversion (%)",
    );
    expect(lines[1]).toBe("alpha-breakdown.com,2000,50,10.00,5.00,2.50,0.20,0,0,");
    expect(lines[2]).toBe("beta-breakdown.com,0,0,0.00,,,,160,4,2.50");
  });
});

describe("visitors by country and referrer", () => {
  const visit = (host: string, address: string, referer?: string) =>
    request(t.app)
      .get("/")
      .set({
        Host: host,
        Accept: "text/html",
        "User-Agent": `${BROWSER} ${address}`,
        "X-Forwarded-For": address,
        ...(referer ? { Referer: referer } : {}),
      });

  it("records each counted visit's country (from the address) and referring site", async () => {
    const { agent, user } = await signUp(t.app, { timeZone: "UTC" });
    await grantAnalytics(t.db, user.id, "analytics-pro");
    const domain = await addVerifiedDomain(agent, t.db);

    await visit(domain.name, "8.8.8.8", "https://www.news.example.org/story?id=1");
    await visit(domain.name, "8.8.4.4", "https://news.example.org/other");
    await visit(domain.name, "81.2.69.160");
    await visit(domain.name, "192.168.1.10", `https://${domain.name}/`);

    await vi.waitFor(async () => {
      const res = await agent.get(`${ANALYTICS_BREAKDOWNS_PATH}?range=7d`);
      expect(res.body.countries).toEqual([
        { key: "US", label: "United States", visits: 2 },
        { key: "", label: "Unknown", visits: 1 },
        { key: "GB", label: "United Kingdom", visits: 1 },
      ]);
    });
    const res = await agent.get(`${ANALYTICS_BREAKDOWNS_PATH}?range=7d`);
    expect(res.body.referrers).toEqual([
      { key: "", label: "Direct", visits: 2 },
      { key: "news.example.org", label: "news.example.org", visits: 2 },
    ]);
    expect(res.body.domains[0]).toMatchObject({ landingVisits: 4 });

    const csv = await agent.get(`${ANALYTICS_EXPORT_PATH}?range=7d&table=countries`);
    expect(csv.text.trimEnd().split("\r\n")).toEqual([
      "Country,Code,Visits",
      "United States,US,2",
      "Unknown,,1",
      "United Kingdom,GB,1",
    ]);
    const refs = await agent.get(`${ANALYTICS_EXPORT_PATH}?range=7d&table=referrers`);
    expect(refs.text).toContain("news.example.org,news.example.org,2");
  });

  it("counts a repeat visit within 30 minutes in neither the visits nor the sources", async () => {
    const { agent, user } = await signUp(t.app, { timeZone: "UTC" });
    await grantAnalytics(t.db, user.id, "pro");
    const domain = await addVerifiedDomain(agent, t.db);
    await visit(domain.name, "8.8.8.8");
    await vi.waitFor(async () =>
      expect((await agent.get(`${ANALYTICS_BREAKDOWNS_PATH}?range=7d`)).body.countries).toHaveLength(1),
    );
    await visit(domain.name, "8.8.8.8");
    await visit(domain.name, "81.2.69.160");
    await vi.waitFor(async () =>
      expect((await agent.get(`${ANALYTICS_BREAKDOWNS_PATH}?range=7d`)).body.countries).toEqual([
        { key: "GB", label: "United Kingdom", visits: 1 },
        { key: "US", label: "United States", visits: 1 },
      ]),
    );
  });
});

describe("12-month portfolio summary", () => {
  it("lists the last 12 calendar months oldest first with each month's revenue and traffic", async () => {
    const { agent, user } = await signUp(t.app, { timeZone: "UTC" });
    await grantAnalytics(t.db, user.id, "business");
    const domain = await insertDomain(t.db, user.id);
    const now = new Date();
    const monthsAgo = (k: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - k, 15, 12));
    await addRevenue(t.db, {
      userId: user.id,
      domainId: domain.id,
      type: "parking",
      amount: "12.34",
      at: monthsAgo(0),
    });
    await addRevenue(t.db, {
      userId: user.id,
      domainId: domain.id,
      type: "lead",
      amount: "75.00",
      at: monthsAgo(11),
    });
    await addRevenue(t.db, {
      userId: user.id,
      domainId: domain.id,
      type: "parking",
      amount: "500.00",
      at: monthsAgo(12),
    });
    await addParkingReport(t.db, domain, {
      day: monthsAgo(0).toISOString().slice(0, 10),
      visitors: 2468,
      clicks: 20,
      revenue: "12.34",
    });

    const res = await agent.get(ANALYTICS_MONTHS_PATH);

    expect(res.status).toBe(200);
    const { months } = res.body as TPortfolioMonths;
    expect(months).toHaveLength(12);
    expect(months[0].month).toBe(monthsAgo(11).toISOString().slice(0, 7));
    expect(months[0].revenue).toMatchObject({ lead: "75.00", total: "75.00" });
    expect(months[11]).toMatchObject({
      month: monthsAgo(0).toISOString().slice(0, 7),
      parkingVisitors: 2468,
      clicks: 20,
      rpm: "5.00",
      revenue: { parking: "12.34", total: "12.34" },
    });
    expect(months.slice(1, 11).every((m) => m.revenue.total === "0.00")).toBe(true);

    const csv = await agent.get(`${ANALYTICS_EXPORT_PATH}?table=months`);
    const lines = csv.text.trimEnd().split("\r\n");
    expect(lines).toHaveLength(13);
    expect(lines[12]).toBe(`${months[11].month},12.34,0.00,0.00,0.00,0.00,12.34,2468,20,5.00,0,0`);
  });
});
