import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendExpiryWarnings } from "../../server/jobs/expiry-warnings";
import { connectionSyncDeps } from "../../server/modules/connections/connections.routes";
import { syncConnection } from "../../server/modules/connections/sync";
import type { TConnection } from "../../shared/api/connections";
import { CONNECTION_PATHS } from "../../shared/api/connections";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { PORTFOLIO_PNL_PATH } from "../../shared/api/pnl";
import { REVENUE_PATHS } from "../../shared/api/revenue";
import { pathTo } from "../../shared/path-to";
import { mailOutbox } from "../../shared/schema";
import { subscribeInSandbox } from "../factories/billing";
import { otherMailTo } from "../factories/email";
import { fundBalance, heldOf } from "../factories/payments";
import { signUp } from "../factories/users";
import { startFakeBodis } from "../fakes/bodis";
import { startFakeRates } from "../fakes/exchange-rates";
import { startFakeGoDaddy } from "../fakes/godaddy";
import { startFakeNamecheap } from "../fakes/namecheap";
import { startFakeSedo } from "../fakes/sedo";
import { startDnsServer } from "../setup/dns-server";
import { createTestAppWith } from "../setup/test-app";

const DAY_MS = 86_400_000;
const POOL = ["ns1.parkpilot.test", "ns2.parkpilot.test", "ns3.parkpilot.test"];
const NAMECHEAP = { apiUser: "jdoe", apiKey: "nc-key-0123456789abcdef", whitelist: ["203.0.113.7"] };
const GODADDY = { key: "gd-key-abcdef", secret: "gd-secret-9876543210" };
const SEDO = {
  partnerId: "31337",
  signKey: "sedo-sign-key-xyz",
  username: "parker",
  password: "sedo-password-1",
};
const BODIS = { token: "bodis-token-0000111122223333", email: "owner@bodis.test" };

let s: Awaited<ReturnType<typeof start>>;
const start = () =>
  createTestAppWith(
    {
      dns: () => startDnsServer(),
      namecheap: () => startFakeNamecheap(NAMECHEAP),
      godaddy: () => startFakeGoDaddy(GODADDY),
      sedo: () => startFakeSedo(SEDO),
      bodis: () => startFakeBodis(BODIS),
      rates: () => startFakeRates({ EUR: "1.08" }),
    },
    (f) => ({
      DNS_SERVERS: f.dns.address,
      PARKING_NAMESERVER_POOL: POOL.join(","),
      ...f.namecheap.env,
      ...f.godaddy.env,
      ...f.sedo.env,
      ...f.bodis.env,
      ...f.rates.env,
      CONNECTIONS_BACKOFF_MS: "1",
    }),
  );
beforeAll(async () => {
  s = await start();
  // What a registrar sets is what the DNS answers.
  const publish = (name: string, ns: string[]) => {
    s.dns.remove(name);
    s.dns.publishNs(name, ns);
  };
  s.namecheap.onNameservers(publish);
  s.godaddy.onNameservers(publish);
});
afterAll(() => s.t.close());

const sync = (id: string, now?: Date) =>
  syncConnection({ ...connectionSyncDeps(s.t.deps), ...(now ? { now: () => now } : {}) }, id);
const dayText = (t: number) => new Date(t).toISOString().slice(0, 10);
const connectionOf = async (agent: Awaited<ReturnType<typeof signUp>>["agent"], id: string) =>
  ((await agent.get(CONNECTION_PATHS.list).expect(200)).body as TConnection[]).find((c) => c.id === id)!;

describe("connecting a service", () => {
  it("lists every service with the fields its connect form asks for", async () => {
    const { agent } = await signUp(s.t.app);
    const res = await agent.get(CONNECTION_PATHS.services).expect(200);
    expect(res.body.map((x: { id: string; kind: string }) => `${x.id}:${x.kind}`)).toEqual([
      "namecheap:registrar",
      "godaddy:registrar",
      "porkbun:registrar",
      "dynadot:registrar",
      "cloudflare:registrar",
      "sedo:parking",
      "bodis:parking",
      "parkingcrew:parking",
      "above:parking",
    ]);
    expect(res.body[0].fields.map((f: { name: string }) => f.name)).toEqual(["apiUser", "apiKey"]);
  });

  it("refuses bad credentials in the service's words and stores nothing; keeps good ones sealed, never shown", async () => {
    const { agent } = await signUp(s.t.app);
    const wrongKey = await agent
      .post(CONNECTION_PATHS.list)
      .send({ service: "namecheap", credentials: { apiUser: "jdoe", apiKey: "wrong" } })
      .expect(422);
    expect(wrongKey.body.message).toMatch(/Namecheap refused the API user or key/);
    const godaddy = await agent
      .post(CONNECTION_PATHS.list)
      .send({ service: "godaddy", credentials: { apiKey: GODADDY.key, apiSecret: "nope" } })
      .expect(422);
    expect(godaddy.body.message).toMatch(/GoDaddy refused the API key and secret/);
    await agent
      .post(CONNECTION_PATHS.list)
      .send({ service: "namecheap", credentials: { apiUser: "jdoe" } })
      .expect(400);
    await agent.post(CONNECTION_PATHS.list).send({ service: "enom", credentials: {} }).expect(400);
    expect((await agent.get(CONNECTION_PATHS.list).expect(200)).body).toEqual([]);

    const created = await agent
      .post(CONNECTION_PATHS.list)
      .send({ service: "namecheap", credentials: { apiUser: NAMECHEAP.apiUser, apiKey: NAMECHEAP.apiKey } })
      .expect(201);
    expect(created.body).toMatchObject({
      service: "namecheap",
      kind: "registrar",
      account: "jdoe",
      paused: false,
    });
    const listed = await agent.get(CONNECTION_PATHS.list).expect(200);
    expect(JSON.stringify(listed.body)).not.toContain(NAMECHEAP.apiKey);
    const { rows } = await s.t.db.execute<{ credentials: string }>(
      sql`select credentials from connections where id = ${created.body.id}`,
    );
    expect(rows[0].credentials).not.toContain(NAMECHEAP.apiKey);
    // The call named the whitelisted address.
    expect(s.namecheap.requests.at(-1)?.url.searchParams.get("ClientIp")).toBe(NAMECHEAP.whitelist[0]);
    await agent
      .post(CONNECTION_PATHS.list)
      .send({ service: "namecheap", credentials: { apiUser: NAMECHEAP.apiUser, apiKey: NAMECHEAP.apiKey } })
      .expect(409);

    // Another user cannot touch it; its owner pauses and removes it (the credentials go with it).
    const other = await signUp(s.t.app);
    await other.agent.delete(pathTo(CONNECTION_PATHS.one, { id: created.body.id })).expect(404);
    await other.agent.post(pathTo(CONNECTION_PATHS.sync, { id: created.body.id })).expect(404);
    const paused = await agent
      .patch(pathTo(CONNECTION_PATHS.one, { id: created.body.id }))
      .send({ paused: true })
      .expect(200);
    expect(paused.body).toMatchObject({ paused: true, nextRunAt: null });
    await agent.post(pathTo(CONNECTION_PATHS.sync, { id: created.body.id })).expect(409);
    expect(await sync(created.body.id)).toBe("busy");
    await agent.delete(pathTo(CONNECTION_PATHS.one, { id: created.body.id })).expect(204);
    const { rows: left } = await s.t.db.execute(sql`select 1 from connections where id = ${created.body.id}`);
    expect(left).toEqual([]);
  });

  it("says in plain words when this server's address is not on Namecheap's whitelist", async () => {
    const { agent } = await signUp(s.t.app);
    // The account's whitelist no longer holds this server's address.
    const [listed] = NAMECHEAP.whitelist;
    NAMECHEAP.whitelist[0] = "198.51.100.1";
    try {
      const res = await agent
        .post(CONNECTION_PATHS.list)
        .send({ service: "namecheap", credentials: { apiUser: NAMECHEAP.apiUser, apiKey: NAMECHEAP.apiKey } })
        .expect(422);
      expect(res.body.message).toBe(
        "Namecheap refused the API key: add this server's address to the API whitelist (Profile → Tools → API Access).",
      );
    } finally {
      NAMECHEAP.whitelist[0] = listed;
    }
  });
});

describe("registrar sync", () => {
  it("brings 1,000 Namecheap names across pages, waiting out a throttling answer, and matches them on the next run", async () => {
    const { agent, user } = await signUp(s.t.app, { timeZone: "UTC" });
    await subscribeInSandbox(agent, "business");
    const expires = new Date(Date.now() + 200 * DAY_MS);
    const mm = `${String(expires.getUTCMonth() + 1).padStart(2, "0")}/${String(expires.getUTCDate()).padStart(2, "0")}/${expires.getUTCFullYear()}`;
    s.namecheap.domains.length = 0;
    for (let i = 0; i < 1000; i++) {
      s.namecheap.domains.push({
        name: `nc-${user.id.slice(0, 8)}-${String(i).padStart(4, "0")}.${i % 2 ? "net" : "com"}`,
        expires: mm,
        autoRenew: i % 3 === 0,
        locked: true,
        whoisGuard: "ENABLED",
        nameservers: [],
      });
    }
    const created = await agent
      .post(CONNECTION_PATHS.list)
      .send({ service: "namecheap", credentials: { apiUser: NAMECHEAP.apiUser, apiKey: NAMECHEAP.apiKey } })
      .expect(201);
    await agent.post(pathTo(CONNECTION_PATHS.sync, { id: created.body.id })).expect(202);
    const before = s.namecheap.requests.length;
    s.namecheap.throttleCall(5);
    expect(await sync(created.body.id)).toBe("done");
    const calls = s.namecheap.requests.slice(before);
    // Ten pages of 100, and the throttled fifth call asked again.
    expect(calls).toHaveLength(11);
    expect(calls.map((c) => c.url.searchParams.get("Page"))).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
      "5",
      "6",
      "7",
      "8",
      "9",
      "10",
    ]);

    const connection = await connectionOf(agent, created.body.id);
    expect(connection).toMatchObject({ lastStatus: "ok", lastError: null });
    expect(connection.summary).toMatchObject({ domainsListed: 1000, domainsAdded: 1000, domainsMatched: 0 });
    const { rows } = await s.t.db.execute<{
      n: number;
      com: string;
      net: string;
      renew: number;
      locked: number;
    }>(sql`
      select count(*)::int as n,
        max(d.renewal_cost) filter (where d.name like '%.com')::text as com,
        max(d.renewal_cost) filter (where d.name like '%.net')::text as net,
        count(*) filter (where r.auto_renew)::int as renew, count(*) filter (where r.locked)::int as locked
      from domains d join registrar_domains r on r.domain_id = d.id
      where d.user_id = ${user.id} and d.expiry_date::date = ${dayText(expires.getTime())}::date
    `);
    expect(rows[0]).toEqual({ n: 1000, com: "18.48", net: "19.98", renew: 334, locked: 1000 });

    // The account's own price for .com replaces the shipped one at once.
    await agent.put(CONNECTION_PATHS.tldPrices).send({ tld: "com", price: "10.99" }).expect(200);
    await agent.put(CONNECTION_PATHS.tldPrices).send({ tld: "com", price: "ten" }).expect(400);
    const renewals = await agent.get(CONNECTION_PATHS.renewals).expect(200);
    expect(renewals.body).toHaveLength(1000);
    expect(renewals.body[0]).toMatchObject({ renewalCost: "19.98", revenue12m: "0.00", net: "-19.98" });
    expect(renewals.body.at(-1)).toMatchObject({ renewalCost: "10.99", net: "-10.99" });

    await agent.post(pathTo(CONNECTION_PATHS.sync, { id: created.body.id })).expect(202);
    expect(await sync(created.body.id)).toBe("done");
    expect((await connectionOf(agent, created.body.id)).summary).toMatchObject({
      domainsAdded: 0,
      domainsMatched: 1000,
    });
  });

  it("parks a GoDaddy name in one step, the DNS check then proves it, and warns of its expiry 30, 7 and 1 days ahead", async () => {
    const { agent, user, input } = await signUp(s.t.app, { timeZone: "UTC" });
    const now = new Date();
    const name = `gd-${user.id.slice(0, 8)}.com`;
    // Warnings count calendar days: noon of the day 30 days ahead is 30 days away at any hour of
    // today (now + 30 days + 2 hours was 31 days away after 22:00 UTC).
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    s.godaddy.domains.push({
      domain: name,
      expires: new Date(today + 30 * DAY_MS + 12 * 3_600_000).toISOString(),
      renewAuto: false,
      locked: true,
      privacy: true,
      nameServers: ["ns1.elsewhere.test", "ns2.elsewhere.test"],
      status: "ACTIVE",
    });
    s.dns.publishNs(name, ["ns1.elsewhere.test", "ns2.elsewhere.test"]);
    const created = await agent
      .post(CONNECTION_PATHS.list)
      .send({ service: "godaddy", credentials: { apiKey: GODADDY.key, apiSecret: GODADDY.secret } })
      .expect(201);
    s.godaddy.throttleCall(1);
    expect(await sync(created.body.id)).toBe("done");
    const [domain] = (await agent.get(DOMAIN_PATHS.list).expect(200)).body;
    expect(domain).toMatchObject({ name, status: "pending" });

    const parked = await agent.post(pathTo(CONNECTION_PATHS.park, { domainId: domain.id })).expect(200);
    expect(parked.body).toMatchObject({ status: "parked", registrar: "GoDaddy" });
    const patch = s.godaddy.requests.findLast((r) => r.method === "PATCH")!;
    expect(patch.url.pathname).toBe(`/v1/domains/${name}`);
    expect(patch.headers.authorization).toBe(`sso-key ${GODADDY.key}:${GODADDY.secret}`);
    expect(JSON.parse(patch.body).nameServers).toEqual(parked.body.nameservers);
    expect(parked.body.nameservers.every((ns: string) => POOL.includes(ns))).toBe(true);
    const detail = await agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id })).expect(200);
    expect(detail.body).toMatchObject({ status: "parked", verification: { status: "verified" } });

    // A name no registrar holds for the account is not parked this way.
    const other = await signUp(s.t.app);
    await other.agent.post(pathTo(CONNECTION_PATHS.park, { domainId: domain.id })).expect(404);

    const mails = () => s.t.db.select().from(mailOutbox).where(otherMailTo(input.email));
    const warn = (at: Date) => sendExpiryWarnings({ db: s.t.db, mailer: s.t.deps.mailer, now: at });
    await warn(now);
    expect((await mails()).map((m) => m.subject)).toContain(
      `Domain expiry warning: ${name} expires in 30 days`,
    );
    await warn(new Date(now.getTime() + 23 * DAY_MS));
    await warn(new Date(now.getTime() + 29 * DAY_MS));
    const subjects = (await mails()).map((m) => m.subject).filter((x) => x.includes("expiry"));
    expect(subjects).toEqual(
      expect.arrayContaining([
        `Domain expiry warning: ${name} expires in 7 days`,
        `Domain expiry warning: ${name} expires tomorrow`,
      ]),
    );
    expect(subjects).toHaveLength(3);
    // Switched off in Settings → Notifications, nothing more is sent.
    await s.t.db.execute(sql`update users set notify_expiry = false where id = ${user.id}`);
    await s.t.db.execute(sql`delete from expiry_notices where domain_id = ${domain.id}`);
    await warn(now);
    expect((await mails()).filter((m) => m.subject.includes("expiry"))).toHaveLength(3);
  });
});

describe("parking-network sync", () => {
  it("refuses a Sedo answer cut short and stores nothing: connecting, try again; syncing, the next run does", async () => {
    const { agent } = await signUp(s.t.app);
    s.sedo.cutShort = true;
    try {
      const refused = await agent
        .post(CONNECTION_PATHS.list)
        .send({ service: "sedo", credentials: SEDO })
        .expect(422);
      expect(refused.body.message).toBe("Sedo's answer was cut short. Try again in a few minutes.");
    } finally {
      s.sedo.cutShort = false;
    }
    expect((await agent.get(CONNECTION_PATHS.list).expect(200)).body).toEqual([]);

    const created = await agent
      .post(CONNECTION_PATHS.list)
      .send({ service: "sedo", credentials: SEDO })
      .expect(201);
    s.sedo.cutShort = true;
    try {
      expect(await sync(created.body.id)).toBe("failed");
    } finally {
      s.sedo.cutShort = false;
    }
    expect(await connectionOf(agent, created.body.id)).toMatchObject({
      lastStatus: "failed",
      lastError: "Sedo's answer was cut short. The next run tries again.",
      summary: null,
    });
  });

  it("writes 90 days of Sedo figures as reported revenue, then replaces 3 revised days and shows the change", async () => {
    const { agent, user } = await signUp(s.t.app, { timeZone: "UTC" });
    await fundBalance(s.t.db, user.id, "40.00");
    const heldBefore = await heldOf(s.t.db, user.id);
    const since = dayText(Date.now() - 200 * DAY_MS);
    const names = [`sedo-a-${user.id.slice(0, 8)}.com`, `sedo-b-${user.id.slice(0, 8)}.com`];
    for (const name of names)
      await agent.post(DOMAIN_PATHS.list).send({ name, registrationDate: since }).expect(201);
    const yesterday = Date.now() - DAY_MS;
    const days = Array.from({ length: 90 }, (_, i) => dayText(yesterday - i * DAY_MS));
    for (const day of days) {
      s.sedo.stats.set({ domain: names[0], day, visits: 10, clicks: 2, revenue: "1.00", currency: "EUR" });
      s.sedo.stats.set({ domain: names[1], day, visits: 5, clicks: 1, revenue: "0.50", currency: "EUR" });
      s.sedo.stats.set({
        domain: `unknown-${user.id.slice(0, 8)}.com`,
        day,
        visits: 1,
        clicks: 0,
        revenue: "0.10",
        currency: "EUR",
      });
    }
    const created = await agent
      .post(CONNECTION_PATHS.list)
      .send({ service: "sedo", credentials: SEDO })
      .expect(201);
    expect(created.body).toMatchObject({ kind: "parking", account: "parker" });
    expect(await sync(created.body.id)).toBe("done");
    const first = await connectionOf(agent, created.body.id);
    expect(first.summary).toMatchObject({
      daysWritten: 180,
      daysRevised: 0,
      unknownDomains: [`unknown-${user.id.slice(0, 8)}.com`],
      unknownDomainCount: 1,
    });
    // 1.00 EUR at 1.08 is 1.08 USD; 0.50 EUR is 0.54 USD; the rate's source is kept with the figure.
    const total = async () => {
      const { rows } = await s.t.db.execute<{ sum: string; n: number; sources: number }>(sql`
        select sum(amount)::text as sum, count(*)::int as n,
          (select count(*)::int from parking_reports where user_id = ${user.id} and currency = 'EUR' and rate_source like '%reference rate of%') as sources
        from revenue_events where user_id = ${user.id} and type = 'parking'
      `);
      return rows[0];
    };
    expect(await total()).toEqual({ sum: "145.80", n: 180, sources: 180 });

    // Idempotent: the same figures again change nothing.
    await agent.post(pathTo(CONNECTION_PATHS.sync, { id: created.body.id })).expect(202);
    expect(await sync(created.body.id)).toBe("done");
    expect(await total()).toEqual({ sum: "145.80", n: 180, sources: 180 });
    expect((await connectionOf(agent, created.body.id)).summary).toMatchObject({
      daysWritten: 60,
      daysRevised: 0,
    });

    // Sedo revises three recent days of the first name.
    for (const day of days.slice(2, 5)) {
      s.sedo.stats.set({ domain: names[0], day, visits: 10, clicks: 1, revenue: "0.25", currency: "EUR" });
    }
    await agent.post(pathTo(CONNECTION_PATHS.sync, { id: created.body.id })).expect(202);
    expect(await sync(created.body.id)).toBe("done");
    const revised = await connectionOf(agent, created.body.id);
    expect(revised.summary?.daysRevised).toBe(3);
    expect(revised.summary?.revisions).toEqual(
      expect.arrayContaining(
        days.slice(2, 5).map((day) => ({ domain: names[0], day, previousRevenue: "1.08", revenue: "0.27" })),
      ),
    );
    // 145.80 - 3 * (1.08 - 0.27) = 143.37
    expect(await total()).toEqual({ sum: "143.37", n: 180, sources: 180 });
    const pnl = await agent.get(`${PORTFOLIO_PNL_PATH}?range=12m`).expect(200);
    expect(pnl.body.totals.income.parking).toBe("143.37");
    const monthStart = `${dayText(Date.now()).slice(0, 8)}01`;
    const thisMonth = days.filter((d) => d >= monthStart);
    // This month: the parking figures and the 40.00 commission credited above.
    const expectedMonth =
      4000 + thisMonth.reduce((sum, d) => sum + (days.slice(2, 5).includes(d) ? 27 : 108) + 54, 0);
    const dashboard = await agent.get(`${REVENUE_PATHS.dashboard}?range=30d`).expect(200);
    expect(dashboard.body.metrics.monthlyRevenue).toBe((expectedMonth / 100).toFixed(2));
    // Reported revenue never reaches held funds.
    expect(await heldOf(s.t.db, user.id)).toEqual(heldBefore);
  });

  it("reads Bodis's pages in US dollars, waiting out a 429, and names a refused token plainly", async () => {
    const { agent, user } = await signUp(s.t.app, { timeZone: "UTC" });
    const name = `bodis-${user.id.slice(0, 8)}.com`;
    await agent
      .post(DOMAIN_PATHS.list)
      .send({ name, registrationDate: dayText(Date.now() - 200 * DAY_MS) })
      .expect(201);
    for (let i = 1; i <= 90; i++) {
      s.bodis.stats.set({
        domain: name,
        day: dayText(Date.now() - i * DAY_MS),
        visits: 3,
        clicks: 1,
        revenue: "0.33",
        currency: "USD",
      });
    }
    const bad = await agent
      .post(CONNECTION_PATHS.list)
      .send({ service: "bodis", credentials: { apiToken: "nope" } })
      .expect(422);
    expect(bad.body.message).toMatch(/Bodis refused the API token/);
    const created = await agent
      .post(CONNECTION_PATHS.list)
      .send({ service: "bodis", credentials: { apiToken: BODIS.token } })
      .expect(201);
    s.bodis.throttleCall(1);
    expect(await sync(created.body.id)).toBe("done");
    expect((await connectionOf(agent, created.body.id)).summary).toMatchObject({
      daysWritten: 90,
      unknownDomainCount: 0,
    });
    const pnl = await agent.get(`${PORTFOLIO_PNL_PATH}?range=12m`).expect(200);
    expect(pnl.body.totals.income.parking).toBe("29.70");

    // A token revoked at Bodis: the run fails in plain words and the next one is scheduled.
    BODIS.token = "revoked";
    try {
      await agent.post(pathTo(CONNECTION_PATHS.sync, { id: created.body.id })).expect(202);
      expect(await sync(created.body.id)).toBe("failed");
    } finally {
      BODIS.token = "bodis-token-0000111122223333";
    }
    const failed = await connectionOf(agent, created.body.id);
    expect(failed).toMatchObject({
      lastStatus: "failed",
      lastError: "Bodis refused the API token: create a new one under Account → API.",
    });
    expect(Date.parse(failed.nextRunAt!)).toBeGreaterThan(Date.now());
  });
});
