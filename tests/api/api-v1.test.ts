import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY_PATHS } from "../../shared/api/api-keys";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { PNL_PATHS, PORTFOLIO_PNL_PATH } from "../../shared/api/pnl";
import { API_V1_PATHS } from "../../shared/api/v1/common";
import { pathTo } from "../../shared/path-to";
import { bearer, createApiKey, grantApiPlan, subscribeApiPlan } from "../factories/api-keys";
import { csv, insertDomain } from "../factories/domains";
import { credit } from "../factories/revenue";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { API_BURST_PER_SECOND: "10000" } });
});
afterAll(() => t.close());

async function apiOwner(limit: number | null = 10_000) {
  const owner = await signUp(t.app);
  await grantApiPlan(t.db, owner.user.id, limit);
  const { key } = await createApiKey(owner.agent);
  const api = (method: "get" | "post" | "patch" | "delete", path: string) =>
    request(t.app)[method](`/api/v1${path}`).set(bearer(key));
  return { ...owner, key, api };
}

/** Every page of a paged list, following `nextCursor`. */
async function allPages(get: (cursor?: string) => Promise<request.Response>) {
  const rows: { id: string }[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const res = await get(cursor);
    expect(res.status).toBe(200);
    rows.push(...res.body.data);
    if (!res.body.nextCursor) return { rows, pages: pages + 1 };
    cursor = res.body.nextCursor;
  }
  throw new Error("too many pages");
}

describe("GET /api/v1/domains", () => {
  it("pages the whole portfolio in the session list's order, each domain once", async () => {
    const owner = await apiOwner();
    // Seven domains, three created in the same instant (as an import does): the name breaks the tie.
    const at = new Date(Date.now() - 60_000);
    for (const name of ["c-tie.com", "a-tie.com", "b-tie.com"])
      await insertDomain(t.db, owner.user.id, { name, createdAt: at });
    for (let i = 0; i < 4; i++) await insertDomain(t.db, owner.user.id);
    const session = (await owner.agent.get(DOMAIN_PATHS.list)).body as { id: string }[];

    const { rows, pages } = await allPages((cursor) =>
      owner.api("get", "/domains").query({ limit: 3, ...(cursor ? { cursor } : {}) }),
    );
    expect(pages).toBe(3);
    expect(rows.map((d) => d.id)).toEqual(session.map((d) => d.id));

    const sessionPage = await owner.agent.get(DOMAIN_PATHS.list).query({ limit: 3 });
    expect(sessionPage.body).toEqual((await owner.api("get", "/domains").query({ limit: 3 })).body.data);
    expect(sessionPage.headers["x-next-cursor"]).toBeTruthy();
  });

  it("filters by status, ad network and part of the name", async () => {
    const owner = await apiOwner();
    await insertDomain(t.db, owner.user.id, {
      name: "carinsure-one.com",
      status: "parked",
      adNetwork: "sedo",
    });
    await insertDomain(t.db, owner.user.id, { name: "CarDeals-two.com".toLowerCase(), status: "active" });
    await insertDomain(t.db, owner.user.id, { name: "bikes.net", status: "pending" });
    const names = async (query: Record<string, string>) =>
      ((await owner.api("get", "/domains").query(query)).body.data as { name: string }[])
        .map((d) => d.name)
        .sort();
    expect(await names({ status: "parked" })).toEqual(["carinsure-one.com"]);
    expect(await names({ adNetwork: "sedo" })).toEqual(["carinsure-one.com"]);
    expect(await names({ q: "CAR" })).toEqual(["cardeals-two.com", "carinsure-one.com"]);
    expect(await names({ q: "%" })).toEqual([]);
    expect(await names({ status: "pending", q: "bike" })).toEqual(["bikes.net"]);
  });

  it("refuses a bad limit or cursor with 400 and a message", async () => {
    const owner = await apiOwner();
    for (const query of [
      { limit: "0" },
      { limit: "501" },
      { limit: "ten" },
      { cursor: "garbage" },
      { status: "sold" },
    ]) {
      const res = await owner.api("get", "/domains").query(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    const forged = Buffer.from(JSON.stringify(["2026-02-30T00:00:00Z", "x"])).toString("base64url");
    expect((await owner.api("get", "/domains").query({ cursor: forged })).status).toBe(400);
  });
});

describe("domains by key", () => {
  it("adds, reads, updates and removes a domain through the same rules as the app", async () => {
    const owner = await apiOwner();
    const created = await owner
      .api("post", "/domains")
      .send({ name: "https://API-Added.com/", adNetwork: "bodis" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "api-added.com", status: "pending", adNetwork: "bodis" });
    expect((await owner.api("post", "/domains").send({ name: "api-added.com" })).status).toBe(409);

    const patched = await owner.api("patch", `/domains/${created.body.id}`).send({ renewalCost: "9.99" });
    expect(patched.status).toBe(200);
    expect(patched.body.renewalCost).toBe("9.99");
    // Only proof of ownership verifies a domain, by key as in the app.
    expect((await owner.api("patch", `/domains/${created.body.id}`).send({ status: "active" })).status).toBe(
      422,
    );

    const read = await owner.api("get", `/domains/${created.body.id}`);
    expect(read.body).toEqual(
      (await owner.agent.get(pathTo(DOMAIN_PATHS.one, { id: created.body.id }))).body,
    );

    expect((await owner.api("delete", `/domains/${created.body.id}`)).status).toBe(204);
    expect((await owner.api("get", `/domains/${created.body.id}`)).status).toBe(404);
  });
});

describe("reports by key", () => {
  it("imports a parking report sent as CSV, and refuses JSON with 415", async () => {
    const owner = await apiOwner();
    const domain = await insertDomain(t.db, owner.user.id, {
      registrationDate: new Date("2020-01-01T12:00:00Z"),
    });
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const body = csv([
      ["date", "domain", "visitors", "clicks", "revenue"],
      [day, domain.name, 40, 2, "3.25"],
    ]);
    const res = await owner
      .api("post", "/parking-reports/parkingcrew")
      .set("Content-Type", "text/csv")
      .send(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ network: "parkingcrew", imported: 1, totalRevenue: "3.25" });
    const json = await owner.api("post", "/parking-reports/parkingcrew").send({ csv: body });
    expect(json.status).toBe(415);

    const events = await owner.api("get", "/revenue/events").query({ type: "parking" });
    expect(events.body.data).toHaveLength(1);
    expect(events.body.data[0]).toMatchObject({ type: "parking", amount: "3.25", domainName: domain.name });
  });

  it("lists revenue events by day range and type, page by page, and sums them by day", async () => {
    const owner = await apiOwner();
    const domain = await insertDomain(t.db, owner.user.id);
    await credit(t.db, owner.user.id, [
      { type: "other", amount: "10.00", at: "2026-01-10T23:30:00Z", domainId: domain.id },
      { type: "other", amount: "5.50", at: "2026-01-10T01:00:00Z" },
      { type: "marketplace", amount: "100.00", at: "2026-01-11T12:00:00Z" },
      { type: "other", amount: "1.00", at: "2026-01-12T00:00:00Z" },
      { type: "other", amount: "2.00", at: "2026-01-09T23:59:59Z" },
    ]);
    const { rows, pages } = await allPages((cursor) =>
      owner
        .api("get", "/revenue/events")
        .query({ from: "2026-01-10", to: "2026-01-11", limit: 1, ...(cursor ? { cursor } : {}) }),
    );
    expect(pages).toBe(3);
    expect(rows.map((e) => (e as unknown as { amount: string }).amount)).toEqual(["100.00", "10.00", "5.50"]);
    const typed = await owner.api("get", "/revenue/events").query({ type: "marketplace" });
    expect(typed.body.data.map((e: { amount: string }) => e.amount)).toEqual(["100.00"]);

    const daily = await owner.api("get", "/revenue/daily").query({ from: "2026-01-09", to: "2026-01-12" });
    expect(daily.status).toBe(200);
    expect(daily.body.days.map((d: { day: string; total: string }) => [d.day, d.total])).toEqual([
      ["2026-01-09", "2.00"],
      ["2026-01-10", "15.50"],
      ["2026-01-11", "100.00"],
      ["2026-01-12", "1.00"],
    ]);
    expect(daily.body.days[2]).toMatchObject({ marketplace: "100.00", other: "0.00", events: 1 });
    expect(
      (await owner.api("get", "/revenue/daily").query({ from: "2026-01-12", to: "2026-01-01" })).status,
    ).toBe(400);
    expect(
      (await owner.api("get", "/revenue/daily").query({ from: "2020-01-01", to: "2026-01-01" })).status,
    ).toBe(400);
  });

  it("lists the leads of the owner's domains only", async () => {
    const owner = await apiOwner();
    const other = await apiOwner();
    const mine = await insertDomain(t.db, owner.user.id);
    const theirs = await insertDomain(t.db, other.user.id);
    for (const [domain, email] of [
      [mine, "a@example.com"],
      [mine, "b@example.com"],
      [theirs, "c@example.com"],
    ] as const) {
      await t.db.execute(sql`
        insert into leads (email, zip_code, city, state, source, value, host, domain_id)
        values (${email}, '90210', 'Beverly Hills', 'CA', 'car-insurance-landing', '75.00', ${domain.name}, ${domain.id})
      `);
    }
    const res = await owner.api("get", "/leads");
    expect(res.status).toBe(200);
    expect(res.body.data.map((l: { email: string }) => l.email).sort()).toEqual([
      "a@example.com",
      "b@example.com",
    ]);
    expect(res.body.data[0]).toMatchObject({
      domainId: mine.id,
      domainName: mine.name,
      value: "75.00",
      returned: false,
    });
    const paged = await owner.api("get", "/leads").query({ limit: 1 });
    expect(paged.body.nextCursor).toBeTruthy();
  });

  it("answers balance, transactions and P&L exactly as the app's own reads", async () => {
    const owner = await apiOwner();
    const domain = await insertDomain(t.db, owner.user.id, { purchasePrice: "100.00" });
    await credit(t.db, owner.user.id, [
      { type: "other", amount: "12.00", at: new Date().toISOString(), domainId: domain.id },
    ]);
    expect((await owner.api("get", "/balance")).body).toEqual(
      (await owner.agent.get(PAYMENT_PATHS.balance)).body,
    );
    expect((await owner.api("get", "/transactions")).body.data).toEqual(
      (await owner.agent.get(PAYMENT_PATHS.transactions)).body,
    );
    expect((await owner.api("get", "/pnl").query({ range: "30d" })).body).toEqual(
      (await owner.agent.get(PORTFOLIO_PNL_PATH).query({ range: "30d" })).body,
    );
    expect((await owner.api("get", `/domains/${domain.id}/pnl`)).body).toEqual(
      (await owner.agent.get(pathTo(PNL_PATHS.domain, { id: domain.id }))).body,
    );
  });
});

describe("metering headers and usage", () => {
  it("says the policy and what is left on every answer, errors included", async () => {
    const owner = await apiOwner(10_000);
    const ok = await owner.api("get", "/balance");
    expect(ok.headers["ratelimit-policy"]).toMatch(/^"burst";q=10000;w=1, "monthly";q=10000;w=\d+$/);
    expect(ok.headers.ratelimit).toMatch(/"monthly";r=9999;t=\d+/);
    const bad = await owner.api("get", "/domains").query({ limit: "0" });
    expect(bad.status).toBe(400);
    expect(bad.headers.ratelimit).toMatch(/"monthly";r=9998;/);
    const missing = await owner.api("get", "/domains/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(missing.headers["ratelimit-policy"]).toBeTruthy();
  });

  it("has no monthly policy on the unlimited plan", async () => {
    const owner = await apiOwner(null);
    const res = await owner.api("get", "/balance");
    expect(res.headers["ratelimit-policy"]).toBe('"burst";q=10000;w=1');
  });

  it("shows the period's calls by day and what remains in Settings", async () => {
    const owner = await apiOwner(10_000);
    for (let i = 0; i < 3; i++) await owner.api("get", "/balance");
    const usage = await owner.agent.get(API_KEY_PATHS.usage);
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({ plan: "Developer", limit: 10_000, used: 3, remaining: 9_997 });
    const today = new Date().toISOString().slice(0, 10);
    expect(usage.body.days.at(-1)).toEqual({ day: today, calls: 3 });
    expect(usage.body.days[0].day).toBe(`${today.slice(0, 7)}-01`);
  });

  it("counts calls in the subscription's billing period, not the calendar month", async () => {
    const owner = await signUp(t.app);
    const start = new Date(Date.now() - 10 * 86_400_000);
    const end = new Date(start.getTime() + 30 * 86_400_000);
    await subscribeApiPlan(t.db, owner.user.id, { start, end }, "professional");
    const { key } = await createApiKey(owner.agent);
    const res = await request(t.app).get(API_V1_PATHS.balance).set(bearer(key));
    expect(res.headers["ratelimit-policy"]).toContain(`"monthly";q=100000;w=${30 * 86_400}`);
    const reset = Number(/"monthly";r=99999;t=(\d+)/.exec(res.headers.ratelimit)?.[1]);
    expect(Math.abs(reset - 20 * 86_400)).toBeLessThan(120);
    const { rows } = await t.db.execute<{ start: Date }>(
      sql`select period_start as start from api_quota_periods where user_id = ${owner.user.id}`,
    );
    expect(new Date(rows[0].start).toISOString()).toBe(start.toISOString());
    const usage = await owner.agent.get(API_KEY_PATHS.usage);
    expect(usage.body).toMatchObject({ plan: "Professional", used: 1, periodStart: start.toISOString() });
  });
});
