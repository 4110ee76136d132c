import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from "../../server/demo/seed";
import { buildReport } from "../../server/jobs/build-report";
import { addAnalystNotes } from "../../server/modules/analytics/reports/analytics-report-effects";
import { OUTSIDE_TRAFFIC_UNKNOWN } from "../../server/modules/analytics/reports/competitive-report";
import { FORECAST_HISTORY_PATH } from "../../shared/api/analytics";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { REPORTS_PATHS, type TReport, ZReport } from "../../shared/api/reports";
import { OFFERS } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import { COMPETITIVE_ANALYSIS, FORECAST_PERIODS, REPORT_TYPES } from "../../shared/prices";
import { workOrders } from "../../shared/schema";
import { addParkingReport, addRevenue } from "../factories/analytics";
import { payInSandbox } from "../factories/billing";
import { insertDomain } from "../factories/domains";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Agent = Awaited<ReturnType<typeof signUp>>["agent"];
const buildDeps = () => ({
  db: t.db,
  mailer: t.deps.mailer,
  logger: t.deps.logger,
  appUrl: "http://app.test",
});

/** Orders an offer, pays it in the sandbox, builds the report it queued and answers it. */
async function buyReport(agent: Agent, path: string, body: Record<string, unknown>): Promise<TReport> {
  const order = await agent.post(path).send(body);
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  await payInSandbox(agent, order.body.orderId);
  const { rows } = await t.db.execute<{ id: string }>(
    sql`select id from reports where order_id = ${order.body.orderId}`,
  );
  expect(rows).toHaveLength(1);
  expect(await buildReport(buildDeps(), rows[0].id)).toBe("ready");
  const res = await agent.get(pathTo(REPORTS_PATHS.one, { id: rows[0].id }));
  expect(res.status).toBe(200);
  return ZReport.parse(res.body);
}

const SHAPE = [0, 25, 60, 80, 70, 40, 10, -20, -45, -50, -30, -10];
/** Monthly parking revenue on one domain for the `months` complete months before this one. */
async function seasonalHistory(userId: string, months: number) {
  const domain = await insertDomain(t.db, userId);
  const now = new Date();
  for (let k = months; k >= 1; k--) {
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - k, 10, 12));
    const t0 = months - k;
    const amount = (500 + 4 * t0 + SHAPE[t0 % 12] + 5 * Math.sin(t0 * 2.3)).toFixed(2);
    await addRevenue(t.db, { userId, domainId: domain.id, type: "parking", amount, at });
  }
  return domain;
}

const forecastBody = (period: string) => ({
  period,
  price: FORECAST_PERIODS.find((p) => p.id === period)?.price,
});

describe("forecast reports", () => {
  it("forecasts the months bought with 80% and 95% intervals and the backtest, and only its owner can read it", async () => {
    const owner = await signUp(t.app, { timeZone: "UTC" });
    await seasonalHistory(owner.user.id, 40);

    const report = await buyReport(owner.agent, OFFERS.forecasting.path, forecastBody("12"));

    expect(report).toMatchObject({ kind: "forecast", status: "ready", title: "Revenue forecast, 12 months" });
    const content = report.content as unknown as Record<string, unknown> & {
      points: Record<string, string>[];
      backtest: Record<string, number>;
    };
    expect(content).toMatchObject({ horizonMonths: 12, insufficientHistory: false, model: "monthly" });
    expect(content.points).toHaveLength(12);
    for (const p of content.points) {
      expect(Object.keys(p).sort()).toEqual(["lower80", "lower95", "month", "upper80", "upper95", "value"]);
      expect(Number(p.lower95)).toBeLessThanOrEqual(Number(p.lower80));
      expect(Number(p.upper80)).toBeLessThanOrEqual(Number(p.upper95));
    }
    expect(content.backtest.mase).toBeLessThan(content.backtest.seasonalNaiveMase);
    expect(content.backtest.mase).toBeLessThan(content.backtest.naiveMase);
    expect(content.backtest.tested).toBeGreaterThan(0);
    expect(content.backtest.coverage80).toBeGreaterThanOrEqual(0);
    expect(content.backtest.coverage80).toBeLessThanOrEqual(1);

    const list = await owner.agent.get(REPORTS_PATHS.list);
    expect(list.body.map((r: { id: string }) => r.id)).toContain(report.id);
    const pdf = await owner.agent.get(pathTo(REPORTS_PATHS.pdf, { id: report.id }));
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toMatch(/application\/pdf/);

    const stranger = await signUp(t.app);
    expect((await stranger.agent.get(pathTo(REPORTS_PATHS.one, { id: report.id }))).status).toBe(404);
    expect((await stranger.agent.get(pathTo(REPORTS_PATHS.pdf, { id: report.id }))).status).toBe(404);
    expect((await stranger.agent.get(REPORTS_PATHS.list)).body).toEqual([]);
  });

  it("is ready for the demo account's 90 days: 12 monthly points with nested intervals, a MASE and a measured coverage", async () => {
    await seedDemo(t.db, { nameserverPool: t.deps.config.nameserverPool });
    const demo = request.agent(t.app);
    await demo
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: DEMO_EMAIL, password: DEMO_PASSWORD })
      .expect(200);
    const history = await demo.get(FORECAST_HISTORY_PATH).expect(200);
    expect(history.body).toMatchObject({ model: "daily", minimumDays: 56, shortestMonths: 6 });
    expect(history.body.days).toBeGreaterThanOrEqual(89);

    const report = await buyReport(demo, OFFERS.forecasting.path, forecastBody("12"));

    const content = report.content as unknown as {
      model: string;
      points: Record<string, string>[];
      backtest: { unit: string; mase: number; coverage80: number; coverage95: number; tested: number };
    };
    expect(content.model).toBe("daily");
    expect(content.points).toHaveLength(12);
    for (const p of content.points) {
      const [l95, l80, v, u80, u95] = [p.lower95, p.lower80, p.value, p.upper80, p.upper95].map(Number);
      expect(l95 <= l80 && l80 <= v && v <= u80 && u80 <= u95, JSON.stringify(p)).toBe(true);
    }
    expect(content.backtest.unit).toBe("day");
    expect(content.backtest.mase).toBeGreaterThan(0);
    expect(content.backtest.tested).toBeGreaterThan(500);
    expect(content.backtest.coverage80).toBeGreaterThanOrEqual(0.75);
    expect(content.backtest.coverage80).toBeLessThanOrEqual(0.85);
    expect(content.backtest.coverage95).toBeGreaterThanOrEqual(0.9);
    expect(JSON.stringify(report.content?.sections)).toContain("Measured coverage: the 80% intervals held");
  }, 120_000);

  it("refuses the order when the history is a few weeks long, saying when it can be bought, and sells nothing", async () => {
    const owner = await signUp(t.app, { timeZone: "UTC" });
    const domain = await insertDomain(t.db, owner.user.id);
    for (let k = 1; k <= 20; k++) {
      const at = new Date(Date.now() - k * 86_400_000);
      await addRevenue(t.db, {
        userId: owner.user.id,
        domainId: domain.id,
        type: "parking",
        amount: "12.00",
        at,
      });
    }
    const history = await owner.agent.get(FORECAST_HISTORY_PATH).expect(200);
    expect(history.body).toMatchObject({ model: null, days: 20, minimumDays: 56 });
    expect(history.body.availableFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const order = await owner.agent.post(OFFERS.forecasting.path).send(forecastBody("6"));

    expect(order.status).toBe(409);
    expect(order.body.message).toMatch(/Not enough history.*56 days.*has 20 days.*can be bought from/);
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from service_orders where user_id = ${owner.user.id}`,
    );
    expect(rows[0].n).toBe(0);
  });
});

describe("custom reports", () => {
  const headings = (report: TReport) => report.content?.sections.map((s) => s.heading) ?? [];
  const tierBody = (reportType: string) => ({
    reportType,
    price: REPORT_TYPES.find((r) => r.id === reportType)?.price,
  });

  it.each([
    ["basic", ["Portfolio summary, last 12 months"]],
    ["comprehensive", ["Portfolio summary, last 12 months", "Domains, last 90 days", "Trends"]],
    [
      "enterprise",
      [
        "Portfolio summary, last 12 months",
        "Domains, last 90 days",
        "Trends",
        "Profit and loss, last 12 months",
        "Revenue forecast",
        "Valuation",
        "Parking networks compared",
      ],
    ],
  ])("the %s tier has its sections and no more", async (tier, expected) => {
    const owner = await signUp(t.app, { timeZone: "UTC" });
    const domain = await insertDomain(t.db, owner.user.id, { name: `custom-${tier}-report.com` });
    await addRevenue(t.db, {
      userId: owner.user.id,
      domainId: domain.id,
      type: "parking",
      amount: "42.00",
      at: new Date(),
    });

    const report = await buyReport(owner.agent, OFFERS.customReports.path, tierBody(tier));

    expect(report.kind).toBe("custom");
    expect(headings(report)).toEqual(expected);
    expect(report.content?.summary).toMatch(/\$42\.00/);
    if (tier !== "basic") expect(JSON.stringify(report.content)).toContain(`custom-${tier}-report.com`);
  });

  it("the enterprise tier values the best names and compares each imported network's RPM", async () => {
    const owner = await signUp(t.app, { timeZone: "UTC" });
    const domain = await insertDomain(t.db, owner.user.id, { name: "enterprise-networks.com" });
    const today = new Date().toISOString().slice(0, 10);
    await addParkingReport(t.db, domain, { day: today, visitors: 2000, clicks: 40, revenue: "10.00" });
    await addParkingReport(t.db, domain, {
      day: today,
      visitors: 1000,
      clicks: 30,
      revenue: "8.00",
      network: "bodis",
    });
    const report = await buyReport(owner.agent, OFFERS.customReports.path, tierBody("enterprise"));
    const valuation = report.content?.sections.find((s) => s.heading === "Valuation");
    expect(valuation?.table?.rows[0][0]).toBe("enterprise-networks.com");
    expect(valuation?.table?.rows[0][1]).toMatch(/^\$[\d,]+$/);
    const networks = report.content?.sections.find(
      (s) => s.heading === "Parking networks compared, last 90 days",
    );
    expect(networks?.table?.rows).toEqual([
      ["Sedo", "1", "2,000", "40", "$10.00", "$5.00"],
      ["Bodis", "1", "1,000", "30", "$8.00", "$8.00"],
    ]);
  });

  it("the custom tier asks for its brief at purchase, and its work order and report carry it", async () => {
    const owner = await signUp(t.app, { timeZone: "UTC" });
    const noBrief = await owner.agent.post(OFFERS.customReports.path).send(tierBody("custom"));
    expect(noBrief.status).toBe(400);
    expect(noBrief.body.issues).toEqual([expect.objectContaining({ path: ["brief"] })]);
    expect(OFFERS.customReports.body.safeParse({ ...tierBody("custom"), brief: "too short" }).success).toBe(
      false,
    );
    const brief = "Which of my .net names should I drop before renewal, and which should I list?";
    const report = await buyReport(owner.agent, OFFERS.customReports.path, { ...tierBody("custom"), brief });
    expect(headings(report).slice(-2)).toEqual(["Your brief", "Analyst's notes"]);
    expect(report.content?.sections.at(-2)?.lines).toEqual([brief]);
    expect(report.content?.sections.at(-1)?.lines[0]).toMatch(/An analyst is reviewing this report/);
    const { rows } = await t.db.execute<{ id: string; offer_id: string; description: string }>(
      sql`select id, offer_id, description from work_orders where order_id = ${report.orderId}`,
    );
    expect(rows).toEqual([
      { id: expect.any(String), offer_id: "customReports", description: `The buyer's brief:\n${brief}` },
    ]);

    const [workOrder] = await t.db
      .update(workOrders)
      .set({ status: "delivered", deliveredAt: new Date() })
      .where(eq(workOrders.id, rows[0].id))
      .returning();
    await t.db.transaction((tx) =>
      addAnalystNotes(tx, workOrder, [
        { fileName: null, body: "Drop the three .info names: none earns its renewal." },
      ]),
    );
    expect(await buildReport(buildDeps(), report.id)).toBe("ready");
    const rebuilt = ZReport.parse((await owner.agent.get(pathTo(REPORTS_PATHS.one, { id: report.id }))).body);
    expect(rebuilt.content?.sections.at(-1)).toEqual({
      heading: "Analyst's notes",
      lines: ["Drop the three .info names: none earns its renewal."],
    });
  });
});

describe("competitive analysis", () => {
  it("names each competitor's features and marketplace record, says outside traffic is unknown, and hides a cohort under 5 accounts", async () => {
    const seller = await signUp(t.app);
    await insertDomain(t.db, seller.user.id, {
      name: "rival-cars.net",
      marketplacePrice: "1850.00",
      listedAt: new Date(),
    });
    const owner = await signUp(t.app, { timeZone: "UTC" });
    await insertDomain(t.db, owner.user.id, { name: "my-car-deals.net" });
    const competitors = "https://www.Rival-Cars.net/page\nnot a domain\n";
    const price = (
      Number(COMPETITIVE_ANALYSIS.basePrice) +
      2 * Number(COMPETITIVE_ANALYSIS.perCompetitor)
    ).toFixed(2);

    const report = await buyReport(owner.agent, OFFERS.competitiveAnalysis.path, { competitors, price });

    expect(report.kind).toBe("competitive");
    const content = report.content as unknown as Record<string, unknown> & {
      competitors: Record<string, unknown>[];
    };
    expect(content.outsideTrafficKnown).toBe(false);
    expect(report.content?.summary).toContain(OUTSIDE_TRAFFIC_UNKNOWN);
    expect(content.competitors[0]).toMatchObject({
      name: "rival-cars.net",
      features: { length: 10, tld: "net", hyphens: 1, digits: 0 },
      marketplace: "Listed for sale on ParkPilot at $1,850.00.",
      cohort: null,
    });
    expect(content.competitors[1]).toMatchObject({ input: "not a domain", name: null });
    // The cohort hidden under 5 accounts leaves the rest shown: the owner's own names, and what is known.
    const own = report.content?.sections.find((s) => s.heading === "Your names like rival-cars.net");
    expect(own?.lines.join(" ")).toMatch(/fewer than 5 accounts/);
    expect(own?.table?.rows[0]).toEqual([
      "my-car-deals.net",
      "No ad-network visitors",
      "0",
      "Cohort not shown (under 5 accounts)",
    ]);
    expect(JSON.stringify(report.content?.sections)).not.toContain("—");
    expect(report.content?.sections[0].lines.join(" ")).toMatch(/Not known either/);
  });

  it("compares a competitor with closed sales and listings of similar names: their prices and days to sell", async () => {
    const seller = await signUp(t.app);
    const listedAt = new Date(Date.now() - 40 * 86_400_000);
    await insertDomain(t.db, seller.user.id, {
      name: "solarpanelsdeal.io",
      listedAt,
      soldAt: new Date(Date.now() - 10 * 86_400_000),
      soldPrice: "3000.00",
    });
    await insertDomain(t.db, seller.user.id, { name: "solarroof.io", marketplacePrice: "900.00", listedAt });
    const owner = await signUp(t.app, { timeZone: "UTC" });
    const price = (
      Number(COMPETITIVE_ANALYSIS.basePrice) + Number(COMPETITIVE_ANALYSIS.perCompetitor)
    ).toFixed(2);
    const report = await buyReport(owner.agent, OFFERS.competitiveAnalysis.path, {
      competitors: "solarhub.io",
      price,
    });
    const section = report.content?.sections.find((s) => s.heading === "solarhub.io");
    expect(section?.lines.join(" ")).toMatch(
      /1 similar name sold on ParkPilot at a median \$3,000\.00, 30 days/,
    );
    expect(section?.lines.join(" ")).toMatch(/1 similar name is listed now at a median ask of \$900\.00/);
    expect(section?.table?.rows).toEqual([
      ["solarpanelsdeal.io", "Sold", "$3,000.00", "30 to sell", 'the word "solar"'],
      ["solarroof.io", "Listed", "$900.00", "40 listed so far", 'the word "solar"'],
    ]);
  });

  it("shows the cohort's medians once 5 other accounts hold names of the TLD and length band", async () => {
    for (let i = 0; i < 5; i++) {
      const other = await signUp(t.app);
      await insertDomain(t.db, other.user.id, {
        name: `cohort${i}xyz.org`,
        soldAt: new Date(),
        soldPrice: `${1000 + i * 100}.00`,
      });
    }
    const owner = await signUp(t.app, { timeZone: "UTC" });
    const price = (
      Number(COMPETITIVE_ANALYSIS.basePrice) + Number(COMPETITIVE_ANALYSIS.perCompetitor)
    ).toFixed(2);

    const report = await buyReport(owner.agent, OFFERS.competitiveAnalysis.path, {
      competitors: "cohort0xyz.org",
      price,
    });

    const content = report.content as unknown as Record<string, unknown> & {
      competitors: Record<string, unknown>[];
    };
    expect(content.competitors[0]).toMatchObject({
      marketplace: `Sold on ParkPilot for $1,000.00 on ${new Date().toISOString().slice(0, 10)}.`,
      cohort: { tld: "org", accounts: 5, domains: 5, sales: 5, medianSalePrice: "1200.00" },
    });
  });
});
