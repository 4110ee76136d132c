import type { Agent } from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import type {
  TDomainPnl,
  TDomainPnlRow,
  TPnlRange,
  TPortfolioPnl,
  TRenewalOutlook,
} from "../../shared/api/pnl";
import { PNL_PATHS, PORTFOLIO_PNL_EXPORT_PATH, PORTFOLIO_PNL_PATH } from "../../shared/api/pnl";
import { OFFERS } from "../../shared/catalog";
import { centsToDecimal, toCents } from "../../shared/money";
import { pathTo } from "../../shared/path-to";
import { insertDomain } from "../factories/domains";
import { orderAppraisal } from "../factories/payments";
import { credit } from "../factories/revenue";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

/**
 * The fixture lives on a fixed calendar: "now" is Saturday 15 March 2025, 11:00 in New York
 * (EDT, UTC−4), the owner's zone. The ranges then start (local midnight) on:
 *   30d → 2025-02-14 (05:00Z)   90d → 2024-12-16 (05:00Z)   12m → 2024-03-16 (04:00Z)
 * and the trailing 12 months of the renewal hint are the 12m range.
 */
const NOW = new Date("2025-03-15T15:00:00Z");
const RANGES: TPnlRange[] = ["30d", "90d", "12m", "all"];

let t: TestApp;
let owner: { agent: Agent; user: { id: string } };
let stranger: { agent: Agent; user: { id: string } };
const ids: Record<string, string> = {};

async function payOnSandbox(agent: Agent, orderId: string) {
  const res = await agent.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId }));
  expect(res.status).toBe(303);
}

beforeAll(async () => {
  // Only Date is faked: "now" for the P&L and the instant the payment flow stamps as paid_at.
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  t = await createTestApp();
  owner = await signUp(t.app, { timeZone: "America/New_York" });
  stranger = await signUp(t.app, { timeZone: "UTC" });
  const mine = owner.user.id;
  const noon = (day: string) => new Date(`${day}T12:00:00Z`);

  const alpha = await insertDomain(t.db, mine, {
    name: "alpha-pnl.com",
    registrationDate: noon("2025-01-10"),
    expiryDate: noon("2025-04-20"),
    purchasePrice: "250.00",
    renewalCost: "12.00",
  });
  const beta = await insertDomain(t.db, mine, {
    name: "beta-pnl.com",
    registrationDate: noon("2023-06-01"),
    expiryDate: noon("2026-01-01"),
    purchasePrice: "1000.00",
    renewalCost: "20.00",
  });
  const gamma = await insertDomain(t.db, mine, {
    name: "gamma-pnl.com",
    registrationDate: noon("2025-03-01"),
    expiryDate: noon("2025-03-20"),
    renewalCost: "9.99",
  });
  const delta = await insertDomain(t.db, mine, {
    name: "delta-pnl.com",
    registrationDate: noon("2024-01-01"),
  });
  const theirs = await insertDomain(t.db, stranger.user.id, {
    name: "stranger-pnl.com",
    registrationDate: noon("2025-01-01"),
    purchasePrice: "5.00",
    renewalCost: "5.00",
  });
  for (const domain of [alpha, beta, gamma, delta, theirs]) ids[domain.name] = domain.id;

  await credit(t.db, mine, [
    // 23:30 on 28 February in New York, already 1 March in UTC: February's income.
    { domainId: alpha.id, type: "parking", amount: "10.00", at: "2025-03-01T04:30:00Z" },
    { domainId: alpha.id, type: "parking", amount: "5.25", at: "2025-03-01T05:30:00Z" },
    { domainId: alpha.id, type: "lead", amount: "75.00", at: "2025-02-20T12:00:00Z" },
    { domainId: alpha.id, type: "lead", amount: "75.00", at: "2025-03-10T16:00:00Z" },
    { domainId: alpha.id, type: "marketplace", amount: "1500.00", at: "2025-03-14T18:00:00Z" },
    { domainId: alpha.id, type: "other", amount: "3.33", at: "2025-02-27T10:00:00Z" },
    { domainId: alpha.id, type: "parking", amount: "40.00", at: "2025-01-20T12:00:00Z" },
    // One minute before and exactly at the 30-day range's first local midnight.
    { domainId: alpha.id, type: "parking", amount: "1.00", at: "2025-02-14T04:59:00Z" },
    { domainId: alpha.id, type: "parking", amount: "2.00", at: "2025-02-14T05:00:00Z" },
    // 08:00 on the day before the 12-month range, and its first local midnight.
    { domainId: beta.id, type: "parking", amount: "100.00", at: "2024-03-15T12:00:00Z" },
    { domainId: beta.id, type: "parking", amount: "200.00", at: "2024-03-16T04:00:00Z" },
    { domainId: beta.id, type: "lead", amount: "75.00", at: "2023-07-01T12:00:00Z" },
    { domainId: beta.id, type: "other", amount: "0.50", at: "2025-03-15T14:00:00Z" },
    // Revenue of no domain (a referral's commission) is no domain's income.
    { type: "affiliate", amount: "50.00", at: "2025-03-12T12:00:00Z" },
  ]);
  await credit(t.db, stranger.user.id, [
    { domainId: theirs.id, type: "parking", amount: "999.99", at: "2025-03-14T12:00:00Z" },
  ]);

  // A professional appraisal of alpha paid on 5 March; a basic one ordered and never paid.
  vi.setSystemTime(new Date("2025-03-05T15:00:00Z"));
  await payOnSandbox(owner.agent, await orderAppraisal(owner.agent, alpha.id));
  const unpaid = await owner.agent
    .post(OFFERS.appraisal.path)
    .send({ type: "basic", price: "29.99", domainId: alpha.id });
  expect(unpaid.status).toBe(201);
  const strangerOrder = await orderAppraisal(stranger.agent, theirs.id);
  await payOnSandbox(stranger.agent, strangerOrder);
  vi.setSystemTime(NOW);
});

afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

/** [parking, lead, marketplace, other, total] and [purchase, renewal, services, total]. */
type Income = [string, string, string, string, string];
type Costs = [string, string, string, string];

function figures(income: Income, costs: Costs, net: string, roi: string | null) {
  const [parking, lead, marketplace, other, total] = income;
  const [purchase, renewal, services, costTotal] = costs;
  return {
    income: { parking, lead, marketplace, other, total },
    costs: { purchase, renewal, services, total: costTotal },
    net,
    roi,
  };
}

/** The renewal outlook does not depend on the range: it looks at the last 365 days. */
const OUTLOOK: Record<string, TRenewalOutlook> = {
  "alpha-pnl.com": {
    trailingRevenue: "1711.58",
    renewalCost: "12.00",
    hint: "earns its renewal",
    expiryDate: "2025-04-20",
    daysToExpiry: 36,
  },
  "beta-pnl.com": {
    trailingRevenue: "200.50",
    renewalCost: "20.00",
    hint: "earns its renewal",
    expiryDate: null,
    daysToExpiry: null,
  },
  "gamma-pnl.com": {
    trailingRevenue: "0.00",
    renewalCost: "9.99",
    hint: "review before renewal",
    expiryDate: "2025-03-20",
    daysToExpiry: 5,
  },
  "delta-pnl.com": {
    trailingRevenue: "0.00",
    renewalCost: null,
    hint: null,
    expiryDate: null,
    daysToExpiry: null,
  },
};

const ZERO = figures(
  ["0.00", "0.00", "0.00", "0.00", "0.00"],
  ["0.00", "0.00", "0.00", "0.00"],
  "0.00",
  null,
);

/** A renewal cost but no purchase price: the investment is unknown, so no ROI (gamma, every range). */
const GAMMA = figures(
  ["0.00", "0.00", "0.00", "0.00", "0.00"],
  ["0.00", "0.41", "0.00", "0.41"],
  "-0.41",
  null,
);

/** Alpha over any range that reaches back to its registration on 10 January. */
const ALPHA_SINCE_JANUARY = figures(
  ["58.25", "150.00", "1500.00", "3.33", "1711.58"],
  ["250.00", "2.14", "99.99", "352.13"],
  "1359.45",
  "386.1",
);

/**
 * Worked out by hand. Renewal shares are cost × days held in the range ÷ 365, to the cent:
 * alpha 12.00 × 30 = 0.99 (30d) or × 65 days since 10 January = 2.14; beta 20.00 × 30 = 1.64,
 * × 90 = 4.93, × 365 = 20.00, × 654 days since 1 June 2023 = 35.84; gamma 9.99 × 15 = 0.41.
 * Purchase prices count when the registration falls in the range. ROI = net ÷ costs.
 */
const EXPECTED: Record<TPnlRange, Record<string, ReturnType<typeof figures>>> = {
  "30d": {
    "alpha-pnl.com": figures(
      ["17.25", "150.00", "1500.00", "3.33", "1670.58"],
      ["0.00", "0.99", "99.99", "100.98"],
      "1569.60",
      "1554.4",
    ),
    "beta-pnl.com": figures(
      ["0.00", "0.00", "0.00", "0.50", "0.50"],
      ["0.00", "1.64", "0.00", "1.64"],
      "-1.14",
      "-69.5",
    ),
    "gamma-pnl.com": GAMMA,
    "delta-pnl.com": ZERO,
  },
  "90d": {
    "alpha-pnl.com": ALPHA_SINCE_JANUARY,
    "beta-pnl.com": figures(
      ["0.00", "0.00", "0.00", "0.50", "0.50"],
      ["0.00", "4.93", "0.00", "4.93"],
      "-4.43",
      "-89.9",
    ),
    "gamma-pnl.com": GAMMA,
    "delta-pnl.com": ZERO,
  },
  "12m": {
    "alpha-pnl.com": ALPHA_SINCE_JANUARY,
    "beta-pnl.com": figures(
      ["200.00", "0.00", "0.00", "0.50", "200.50"],
      ["0.00", "20.00", "0.00", "20.00"],
      "180.50",
      "902.5",
    ),
    "gamma-pnl.com": GAMMA,
    "delta-pnl.com": ZERO,
  },
  all: {
    "alpha-pnl.com": ALPHA_SINCE_JANUARY,
    "beta-pnl.com": figures(
      ["300.00", "75.00", "0.00", "0.50", "375.50"],
      ["1000.00", "35.84", "0.00", "1035.84"],
      "-660.34",
      "-63.7",
    ),
    "gamma-pnl.com": GAMMA,
    "delta-pnl.com": ZERO,
  },
};

/** The portfolio totals, also by hand (and checked against the rows below). */
const TOTALS: Record<TPnlRange, ReturnType<typeof figures> & { trailingRevenue: string }> = {
  "30d": {
    ...figures(
      ["17.25", "150.00", "1500.00", "3.83", "1671.08"],
      ["0.00", "3.04", "99.99", "103.03"],
      "1568.05",
      "1521.9",
    ),
    trailingRevenue: "1912.08",
  },
  "90d": {
    ...figures(
      ["58.25", "150.00", "1500.00", "3.83", "1712.08"],
      ["250.00", "7.48", "99.99", "357.47"],
      "1354.61",
      "378.9",
    ),
    trailingRevenue: "1912.08",
  },
  "12m": {
    ...figures(
      ["258.25", "150.00", "1500.00", "3.83", "1912.08"],
      ["250.00", "22.55", "99.99", "372.54"],
      "1539.54",
      "413.3",
    ),
    trailingRevenue: "1912.08",
  },
  all: {
    ...figures(
      ["358.25", "225.00", "1500.00", "3.83", "2087.08"],
      ["1250.00", "38.39", "99.99", "1388.38"],
      "698.70",
      "50.3",
    ),
    trailingRevenue: "1912.08",
  },
};

/** The domains whose purchase price is set. */
const PRICED = new Set(["alpha-pnl.com", "beta-pnl.com"]);

const FROM: Record<TPnlRange, string | null> = {
  "30d": "2025-02-14",
  "90d": "2024-12-16",
  "12m": "2024-03-16",
  all: null,
};

async function portfolio(query: string): Promise<TPortfolioPnl> {
  const res = await owner.agent.get(`${PORTFOLIO_PNL_PATH}?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as TPortfolioPnl;
}

async function domainPnl(name: string, range: TPnlRange): Promise<TDomainPnl> {
  const res = await owner.agent.get(`${pathTo(PNL_PATHS.domain, { id: ids[name] })}?range=${range}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as TDomainPnl;
}

/** Exact sum of signed decimal strings, in integer cents. */
const signedCents = (v: string) => (v.startsWith("-") ? -toCents(v.slice(1)) : toCents(v));
const centsSum = (values: string[]) => centsToDecimal(values.reduce((sum, v) => sum + signedCents(v), 0));

describe.each(RANGES)("range %s", (range) => {
  it("the portfolio answers every figure of every domain to the cent, and nothing of another owner", async () => {
    const answer = await portfolio(`range=${range}`);

    expect(answer).toMatchObject({
      range,
      timeZone: "America/New_York",
      from: FROM[range],
      to: "2025-03-15",
    });
    const byName = Object.fromEntries(answer.rows.map((row) => [row.name, row]));
    expect(Object.keys(byName).sort()).toEqual(Object.keys(EXPECTED[range]).sort());
    for (const [name, expected] of Object.entries(EXPECTED[range])) {
      expect(byName[name], name).toEqual({
        domainId: expect.any(String),
        name,
        purchasePriceSet: PRICED.has(name),
        ...expected,
        renewal: OUTLOOK[name],
      });
    }
  });

  it("the portfolio totals are the hand-worked sums, and equal the sums of the rows to the cent", async () => {
    const { rows, totals } = await portfolio(`range=${range}`);

    // Gamma and delta have no purchase price: the portfolio's ROI is unknown until they do.
    expect(totals).toEqual({ ...TOTALS[range], roi: null, withoutPurchasePrice: 2, domains: 4, toReview: 1 });
    const sumOf = (pick: (row: TDomainPnlRow) => string) => centsSum(rows.map(pick));
    expect({
      parking: sumOf((r) => r.income.parking),
      lead: sumOf((r) => r.income.lead),
      marketplace: sumOf((r) => r.income.marketplace),
      other: sumOf((r) => r.income.other),
      total: sumOf((r) => r.income.total),
    }).toEqual(totals.income);
    expect({
      purchase: sumOf((r) => r.costs.purchase),
      renewal: sumOf((r) => r.costs.renewal),
      services: sumOf((r) => r.costs.services),
      total: sumOf((r) => r.costs.total),
    }).toEqual(totals.costs);
    expect(sumOf((r) => r.net)).toBe(totals.net);
    expect(sumOf((r) => r.renewal.trailingRevenue)).toBe(totals.trailingRevenue);
  });

  it("each domain's own P&L has the same figures as its portfolio row, and its months add up to them", async () => {
    for (const [name, expected] of Object.entries(EXPECTED[range])) {
      const answer = await domainPnl(name, range);

      expect(answer.domain, name).toEqual({
        domainId: ids[name],
        name,
        purchasePriceSet: PRICED.has(name),
        ...expected,
        renewal: OUTLOOK[name],
      });
      expect(answer).toMatchObject({ range, from: FROM[range], to: "2025-03-15" });
      const months = answer.months;
      expect(centsSum(months.map((m) => m.income.parking)), name).toBe(expected.income.parking);
      expect(centsSum(months.map((m) => m.income.lead)), name).toBe(expected.income.lead);
      expect(centsSum(months.map((m) => m.income.marketplace)), name).toBe(expected.income.marketplace);
      expect(centsSum(months.map((m) => m.income.other)), name).toBe(expected.income.other);
      expect(centsSum(months.map((m) => m.costs.purchase)), name).toBe(expected.costs.purchase);
      expect(centsSum(months.map((m) => m.costs.renewal)), name).toBe(expected.costs.renewal);
      expect(centsSum(months.map((m) => m.costs.services)), name).toBe(expected.costs.services);
      expect(centsSum(months.map((m) => m.net)), name).toBe(expected.net);
    }
  });
});

describe("months in the owner's time zone", () => {
  it("puts income by local month: 23:30 on 28 February in New York is February's, though UTC says March", async () => {
    const { months } = await domainPnl("alpha-pnl.com", "30d");

    expect(months).toEqual([
      {
        month: "2025-02",
        // 10.00 (28 Feb, 23:30 local) + 2.00 (14 Feb, 00:00 local); leads 75.00; other 3.33.
        income: { parking: "12.00", lead: "75.00", marketplace: "0.00", other: "3.33", total: "90.33" },
        // Renewal for 14–28 February: 12.00 × 15 ÷ 365 = 0.49.
        costs: { purchase: "0.00", renewal: "0.49", services: "0.00", total: "0.49" },
        net: "89.84",
      },
      {
        month: "2025-03",
        income: { parking: "5.25", lead: "75.00", marketplace: "1500.00", other: "0.00", total: "1580.25" },
        // The cumulative share to 15 March (0.99) minus February's (0.49); the paid appraisal only.
        costs: { purchase: "0.00", renewal: "0.50", services: "99.99", total: "100.49" },
        net: "1479.76",
      },
    ]);
  });

  it("puts the purchase price in the month of registration", async () => {
    const { months } = await domainPnl("alpha-pnl.com", "90d");

    expect(months.map((m) => [m.month, m.costs.purchase])).toEqual([
      ["2024-12", "0.00"],
      ["2025-01", "250.00"],
      ["2025-02", "0.00"],
      ["2025-03", "0.00"],
    ]);
  });
});

describe("sorting", () => {
  const names = (answer: TPortfolioPnl) => answer.rows.map((r) => r.name);

  it("sorts by net, highest first by default", async () => {
    const answer = await portfolio("range=30d");

    expect(answer).toMatchObject({ sort: "net", order: "desc" });
    expect(names(answer)).toEqual(["alpha-pnl.com", "delta-pnl.com", "gamma-pnl.com", "beta-pnl.com"]);
  });

  it("sorts by ROI either way, with the domains without an ROI (no costs, no price) last both times", async () => {
    expect(names(await portfolio("range=30d&sort=roi&order=asc"))).toEqual([
      "beta-pnl.com",
      "alpha-pnl.com",
      "delta-pnl.com",
      "gamma-pnl.com",
    ]);
    expect(names(await portfolio("range=30d&sort=roi&order=desc"))).toEqual([
      "alpha-pnl.com",
      "beta-pnl.com",
      "delta-pnl.com",
      "gamma-pnl.com",
    ]);
  });

  it("sorts by revenue and by cost, ties by name", async () => {
    expect(names(await portfolio("range=12m&sort=revenue&order=desc"))).toEqual([
      "alpha-pnl.com",
      "beta-pnl.com",
      "delta-pnl.com",
      "gamma-pnl.com",
    ]);
    expect(names(await portfolio("range=all&sort=cost&order=asc"))).toEqual([
      "delta-pnl.com",
      "gamma-pnl.com",
      "alpha-pnl.com",
      "beta-pnl.com",
    ]);
  });
});

describe("CSV export", () => {
  it("downloads the table in the order shown, with a Total row equal to the totals", async () => {
    const res = await owner.agent.get(`${PORTFOLIO_PNL_EXPORT_PATH}?range=30d&sort=net&order=desc`);

    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      "attachment; filename=parkpilot-pnl-30d-2025-02-14-to-2025-03-15.csv",
    );
    const lines = res.text.split("\r\n");
    expect(lines[0]).toBe(
      "Domain,Parking income,Lead income,Marketplace income,Other income,Total income,Purchase cost," +
        "Renewal cost (share),Services cost,Total costs,Net,ROI (%),Trailing 12-month revenue," +
        "Yearly renewal cost,Renewal hint,Expires",
    );
    expect(lines[1]).toBe(
      "alpha-pnl.com,17.25,150.00,1500.00,3.33,1670.58,0.00,0.99,99.99,100.98,1569.60,1554.4,1711.58,12.00,earns its renewal,2025-04-20",
    );
    expect(lines[4]).toBe(
      "beta-pnl.com,0.00,0.00,0.00,0.50,0.50,0.00,1.64,0.00,1.64,-1.14,-69.5,200.50,20.00,earns its renewal,",
    );
    expect(lines[5]).toBe(
      // No portfolio ROI while gamma and delta have no purchase price.
      "Total,17.25,150.00,1500.00,3.83,1671.08,0.00,3.04,99.99,103.03,1568.05,,1912.08,,,",
    );
    expect(lines).toHaveLength(7);
  });

  it("neutralises a cell a spreadsheet would run as a formula", async () => {
    const account = await signUp(t.app, { timeZone: "UTC" });
    await insertDomain(t.db, account.user.id, { name: '=HYPERLINK("http://evil.test","x")' });

    const res = await account.agent.get(`${PORTFOLIO_PNL_EXPORT_PATH}?range=all`);

    expect(res.status).toBe(200);
    expect(res.text.split("\r\n")[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.test"",""x""\)",0\.00,/);
  });
});

describe("access and input", () => {
  it("answers 404 for another owner's domain, without a figure of it", async () => {
    const res = await owner.agent.get(
      `${pathTo(PNL_PATHS.domain, { id: ids["stranger-pnl.com"] })}?range=all`,
    );

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Domain not found", code: "NOT_FOUND" });
  });

  it("answers 404 for a domain that does not exist", async () => {
    const res = await owner.agent.get("/api/domains/00000000-0000-4000-8000-000000000000/pnl");

    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Domain not found");
  });

  it.each([
    ["/api/domains/{id}/pnl?range=7d", "range"],
    ["/api/domains/{id}/pnl?range=", "range"],
    [`${PORTFOLIO_PNL_PATH}?range=1y`, "range"],
    [`${PORTFOLIO_PNL_PATH}?sort=profit`, "sort"],
    [`${PORTFOLIO_PNL_PATH}?order=up`, "order"],
    [`${PORTFOLIO_PNL_EXPORT_PATH}?range=forever`, "range"],
  ])("refuses %s with a 400 naming %s", async (path, field) => {
    const res = await owner.agent.get(path.replace("{id}", ids["alpha-pnl.com"]));

    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.issues.map((i: { path: string[] }) => i.path[0])).toEqual([field]);
  });

  it("refuses a domain id that is not an id with a 400", async () => {
    const res = await owner.agent.get("/api/domains/not-an-id/pnl");

    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it("asks a signed-out visitor to sign in", async () => {
    const { default: request } = await import("supertest");
    for (const path of [
      PORTFOLIO_PNL_PATH,
      pathTo(PNL_PATHS.domain, { id: ids["alpha-pnl.com"] }),
      PORTFOLIO_PNL_EXPORT_PATH,
    ]) {
      const res = await request(t.app).get(path);
      expect(res.status, path).toBe(401);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it("answers an empty portfolio with no rows and zero totals", async () => {
    const account = await signUp(t.app, { timeZone: "Asia/Kolkata" });

    const res = await account.agent.get(`${PORTFOLIO_PNL_PATH}?range=90d`);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ range: "90d", timeZone: "Asia/Kolkata", to: "2025-03-15", rows: [] });
    expect(res.body.totals).toEqual({
      ...ZERO,
      trailingRevenue: "0.00",
      withoutPurchasePrice: 0,
      domains: 0,
      toReview: 0,
    });
  });
});
