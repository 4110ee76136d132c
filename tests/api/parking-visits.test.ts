import { sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../server/db/pool";
import { recordParkedVisit } from "../../server/modules/domains/parked-visits";
import { ANALYTICS_PATHS } from "../../shared/api/analytics";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { LEAD_SOURCE, LEAD_VALUE, LEADS_PATH } from "../../shared/api/leads/leads";
import { pathTo } from "../../shared/path-to";
import { addDomain, addVerifiedDomain, uniqueDomainName } from "../factories/domains";
import { VISITOR_PROXY_ENV, visitorLead } from "../factories/leads";
import { heldOf } from "../factories/payments";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

/** Stands in for the web client: every GET is answered with the landing page's HTML. */
const landingPage: RequestHandler = (_req, res) => {
  res.type("html").send("<!doctype html><title>Compare car insurance</title>");
};

/** While true, the database the app sees refuses every statement. */
let databaseDown = false;
/** How many times the app has tried to count a visit (the statement that records one), refused or not. */
let countAttempts = 0;
const countsAVisit = (query: unknown) =>
  JSON.stringify((query as { queryChunks?: unknown })?.queryChunks ?? "").includes(
    "insert into domain_visitors",
  );
function failWhileDown(db: Db): Db {
  return new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key !== "execute") return value;
      return (...args: unknown[]) => {
        if (countsAVisit(args[0])) countAttempts++;
        if (databaseDown) return Promise.reject(new Error("database unavailable"));
        return Reflect.apply(value as (...a: unknown[]) => unknown, receiver, args);
      };
    },
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // A visitor's lead names its own address through the proxy; owners sign up from loopback.
    env: VISITOR_PROXY_ENV,
    customize: (deps) => {
      deps.client = [landingPage];
      deps.db = failWhileDown(deps.db);
    },
  });
});
afterAll(() => t.close());

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";
const visit = (host: string, headers: Record<string, string> = {}) =>
  request(t.app)
    .get("/")
    .set({ Host: host, Accept: "text/html", "User-Agent": BROWSER, ...headers });

async function traffic(domainId: string) {
  const [row] = (
    await t.db.execute<{ visits: number; leads: number }>(
      sql`select visits, leads from domain_traffic where domain_id = ${domainId} and day = (now() at time zone 'UTC')::date`,
    )
  ).rows;
  return row ?? { visits: 0, leads: 0 };
}

describe("visits on a parked domain's host", () => {
  it("serves the landing page and counts the visit for the domain, ignoring port, www. and case", async () => {
    const { agent } = await signUp(t.app);
    const domain = await addVerifiedDomain(agent, t.db, { status: "parked" });

    const res = await visit(`WWW.${domain.name.toUpperCase()}:5000`);

    expect(res.status).toBe(200);
    expect(res.text).toContain("Compare car insurance");
    await vi.waitFor(async () => expect((await traffic(domain.id)).visits).toBe(1));
  });

  it("counts nothing for assets, API calls, prefetches, bots or non-HTML requests", async () => {
    const { agent } = await signUp(t.app);
    const domain = await addVerifiedDomain(agent, t.db);
    const attemptsBefore = countAttempts;
    await request(t.app).get("/assets/index.js").set({ Host: domain.name, "User-Agent": BROWSER });
    await visit(domain.name, { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    await visit(domain.name, { "Sec-Purpose": "prefetch" });
    await visit(domain.name, { "Sec-Fetch-Dest": "image" });
    await visit(domain.name, { Accept: "application/json" });
    await request(t.app).head("/").set({ Host: domain.name, "User-Agent": BROWSER });

    await visit(domain.name, { "User-Agent": `${BROWSER} counted` });

    // A count starts when its answer has been sent, so every request above has started its count
    // (or not) by now: only the landing-page view tried.
    expect(countAttempts - attemptsBefore).toBe(1);
    await vi.waitFor(async () => expect((await traffic(domain.id)).visits).toBe(1));
  });

  it("adds a counted visit to the portfolio's 30-day visitors once they have been read", async () => {
    const { agent } = await signUp(t.app);
    const domain = await addVerifiedDomain(agent, t.db);
    expect((await agent.get(DOMAIN_PATHS.list)).body[0].visitors).toBe(0);

    await visit(domain.name);
    await vi.waitFor(async () => expect((await traffic(domain.id)).visits).toBe(1));

    expect((await agent.get(DOMAIN_PATHS.list)).body[0].visitors).toBe(1);
    expect((await agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id }))).body).toMatchObject({
      visitors: 1,
      totalVisitors: 1,
    });
  });

  it("answers the owner's traffic per day, today included", async () => {
    const { agent } = await signUp(t.app);
    const domain = await addVerifiedDomain(agent, t.db);
    await visit(domain.name);
    await vi.waitFor(async () => expect((await traffic(domain.id)).visits).toBe(1));

    const res = await agent.get(`${pathTo(ANALYTICS_PATHS.domainTraffic, { id: domain.id })}?days=7`);

    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(7);
    expect(res.body.at(-1)).toMatchObject({
      day: new Date().toISOString().slice(0, 10),
      visits: 1,
      leads: 0,
      parkingRevenue: "0.00",
    });
    expect(res.body[0]).toMatchObject({ visits: 0, leads: 0 });
    const stranger = await signUp(t.app);
    expect((await stranger.agent.get(pathTo(ANALYTICS_PATHS.domainTraffic, { id: domain.id }))).status).toBe(
      404,
    );
    expect(
      (await agent.get(`${pathTo(ANALYTICS_PATHS.domainTraffic, { id: domain.id })}?days=9999`)).status,
    ).toBe(400);
  });
});

describe("recordParkedVisit", () => {
  it("counts a visitor once within 30 minutes and again after", async () => {
    const { agent } = await signUp(t.app);
    const domain = await addVerifiedDomain(agent, t.db);
    const seen = (visitorKey: string) => recordParkedVisit({ db: t.db, host: domain.name, visitorKey });

    expect(await seen("visitor-a")).toBe(true);
    expect(await seen("visitor-a")).toBe(false);
    expect(await seen("visitor-b")).toBe(true);
    expect((await traffic(domain.id)).visits).toBe(2);

    await t.db.execute(
      sql`update domain_visitors set last_seen_at = now() - interval '31 minutes' where domain_id = ${domain.id} and visitor_key = 'visitor-a'`,
    );
    expect(await seen("visitor-a")).toBe(true);
    expect((await traffic(domain.id)).visits).toBe(3);
  });

  it("counts the same visitor arriving twice at once as one visit", async () => {
    const { agent } = await signUp(t.app);
    const domain = await addVerifiedDomain(agent, t.db);
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => recordParkedVisit({ db: t.db, host: domain.name, visitorKey: "same" })),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect((await traffic(domain.id)).visits).toBe(1);
  });

  it("counts nothing on a pending domain or a host that is not parked here", async () => {
    const { agent } = await signUp(t.app);
    const pending = await addDomain(agent, { status: "pending" });
    expect(await recordParkedVisit({ db: t.db, host: pending.name, visitorKey: "v" })).toBe(false);
    expect(await recordParkedVisit({ db: t.db, host: uniqueDomainName(), visitorKey: "v" })).toBe(false);
    expect(await traffic(pending.id)).toEqual({ visits: 0, leads: 0 });
  });
});

describe("the landing page when counting fails", () => {
  it("is still served", async () => {
    const { agent } = await signUp(t.app);
    const domain = await addVerifiedDomain(agent, t.db);
    const attemptsBefore = countAttempts;
    databaseDown = true;
    try {
      const res = await visit(domain.name);
      expect(res.status).toBe(200);
      expect(res.text).toContain("Compare car insurance");
      expect((await visit(domain.name, { "User-Agent": `${BROWSER} 2` })).status).toBe(200);
      // Both counts were tried, and refused, while the database was down.
      await vi.waitFor(() => expect(countAttempts - attemptsBefore).toBe(2));
    } finally {
      databaseDown = false;
    }
    expect((await traffic(domain.id)).visits).toBe(0);
  });
});

describe("leads on a parked domain's host", () => {
  const lead = () => ({
    email: `driver_${Math.random().toString(36).slice(2)}@example.com`,
    zipCode: "90210",
    source: LEAD_SOURCE,
    value: LEAD_VALUE,
  });
  const leadEvents = async (userId: string) =>
    (
      await t.db.execute<{ amount: string; domain_id: string | null }>(
        sql`select amount::text, domain_id from revenue_events where user_id = ${userId} and type = 'lead'`,
      )
    ).rows;

  it("credits the domain's owner the lead value once, linked to the domain", async () => {
    const { agent, user } = await signUp(t.app);
    const domain = await addVerifiedDomain(agent, t.db, { status: "parked" });
    const body = lead();

    const first = await visitorLead(t.app, `www.${domain.name}:443`, body);
    const repeat = await visitorLead(t.app, domain.name, body);

    expect([first.status, repeat.status]).toEqual([201, 201]);
    expect(await leadEvents(user.id)).toEqual([{ amount: "75.00", domain_id: domain.id }]);
    const [stored] = (
      await t.db.execute<{ domain_id: string; host: string }>(
        sql`select domain_id, host from leads where id = ${first.body.id}`,
      )
    ).rows;
    expect(stored).toEqual({ domain_id: domain.id, host: domain.name });
    expect((await traffic(domain.id)).leads).toBe(1);
    // Held funds: pending for the returns window, not yet withdrawable.
    expect(await heldOf(t.db, user.id)).toEqual({ available: "0.00", pending: "75.00" });
    const detail = (await agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id }))).body;
    expect(detail).toMatchObject({ totalRevenue: "75.00", totalLeads: 1 });
  });

  it("stores a lead on any other host unattributed and credits no one", async () => {
    const { agent, user } = await signUp(t.app);
    const pending = await addDomain(agent, { status: "pending" });

    const elsewhere = await request(t.app).post(LEADS_PATH).set("Host", "parkpilot.example.com").send(lead());
    const onPending = await request(t.app).post(LEADS_PATH).set("Host", pending.name).send(lead());

    expect([elsewhere.status, onPending.status]).toEqual([201, 201]);
    const stored = await t.db.execute<{ domain_id: string | null }>(
      sql`select domain_id from leads where id in (${elsewhere.body.id}, ${onPending.body.id})`,
    );
    expect(stored.rows).toEqual([{ domain_id: null }, { domain_id: null }]);
    expect(await leadEvents(user.id)).toEqual([]);
    expect((await traffic(pending.id)).leads).toBe(0);
  });
});
