import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { returnLead } from "../../server/modules/lead-sales/return-lead";
import { releaseHeldFunds } from "../../server/modules/ledger/held-funds";
import { LEADS_PATH } from "../../shared/api/leads/leads";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { insertDomain } from "../factories/domains";
import { HELD_LEADS_ENV, leadBody, visitorLead } from "../factories/leads";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

// The configured value differs from the spec's 75 that the body carries: the body is never credited.
const CONFIGURED_VALUE = "80.00";
const DAY_MS = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  // Visitors' addresses come through one proxy hop; owners sign up from loopback.
  t = await createTestApp({ env: HELD_LEADS_ENV });
});
afterAll(() => t.close());

const lead = leadBody;

async function ownerWithDomain(options: { verified: boolean }) {
  const owner = await signUp(t.app);
  const domain = await insertDomain(t.db, owner.user.id, {
    status: options.verified ? "parked" : "pending",
    verifiedAt: options.verified ? new Date() : null,
  });
  return { ...owner, domain };
}

async function balanceOf(agent: request.Agent) {
  const res = await agent.get(PAYMENT_PATHS.balance);
  expect(res.status).toBe(200);
  return res.body as { availableBalance: string; pendingBalance: string };
}

const leadOn = (host: string, body = lead()) => visitorLead(t.app, host, body);

describe("leads credit held funds only on verified domains", () => {
  it("credits the configured lead value, pending, to the owner of a verified domain", async () => {
    const { agent, domain } = await ownerWithDomain({ verified: true });
    const res = await leadOn(`www.${domain.name}`);
    expect(res.status).toBe(201);
    const [row] = (
      await t.db.execute<{ value: string; domain_id: string }>(
        sql`select value, domain_id from leads where id = ${res.body.id}`,
      )
    ).rows;
    expect(row).toEqual({ value: CONFIGURED_VALUE, domain_id: domain.id });
    expect(await balanceOf(agent)).toMatchObject({ availableBalance: "0.00", pendingBalance: "80.00" });
  });

  it("stores a lead on an unverified domain and credits nobody, whoever holds the name", async () => {
    const { agent, domain } = await ownerWithDomain({ verified: false });
    const res = await leadOn(domain.name);
    expect(res.status).toBe(201);
    const [row] = (
      await t.db.execute<{ value: string; domain_id: string | null }>(
        sql`select value, domain_id from leads where id = ${res.body.id}`,
      )
    ).rows;
    expect(row).toEqual({ value: "0.00", domain_id: null });
    expect(await balanceOf(agent)).toMatchObject({ availableBalance: "0.00", pendingBalance: "0.00" });
  });

  it("ignores a forged X-Forwarded-Host when no proxy is trusted", async () => {
    const direct = await createTestApp();
    try {
      const owner = await signUp(direct.app);
      const domain = await insertDomain(direct.db, owner.user.id, {
        status: "parked",
        verifiedAt: new Date(),
      });
      const res = await request(direct.app)
        .post(LEADS_PATH)
        .set({ Host: "unknown.example", "X-Forwarded-Host": domain.name })
        .send(lead());
      expect(res.status).toBe(201);
      const stored = await direct.db.execute<{ host: string; domain_id: string | null }>(
        sql`select host, domain_id from leads where id = ${res.body.id}`,
      );
      expect(stored.rows[0]).toEqual({ host: "unknown.example", domain_id: null });
    } finally {
      await direct.close();
    }
  });

  it("makes the earning available after the hold, and it can be withdrawn", async () => {
    const { agent, domain } = await ownerWithDomain({ verified: true });
    for (let i = 0; i < 2; i++) expect((await leadOn(domain.name)).status).toBe(201);
    expect(await balanceOf(agent)).toMatchObject({ availableBalance: "0.00", pendingBalance: "160.00" });

    const early = await agent
      .post(PAYMENT_PATHS.payout)
      .send({ amount: "160.00", paypalEmail: "me@example.com" });
    expect(early.status).toBe(422);

    await releaseHeldFunds({ db: t.db, now: new Date(Date.now() + 13 * DAY_MS) });
    expect(await balanceOf(agent)).toMatchObject({ availableBalance: "0.00", pendingBalance: "160.00" });
    await releaseHeldFunds({ db: t.db, now: new Date(Date.now() + 15 * DAY_MS) });
    expect(await balanceOf(agent)).toMatchObject({ availableBalance: "160.00", pendingBalance: "0.00" });

    const payout = await agent
      .post(PAYMENT_PATHS.payout)
      .send({ amount: "160.00", paypalEmail: "me@example.com" });
    expect(payout.status).toBe(201);
    expect(await balanceOf(agent)).toMatchObject({ availableBalance: "0.00", pendingBalance: "0.00" });
  });

  it("reverses a returned lead's earning once", async () => {
    const { agent, domain } = await ownerWithDomain({ verified: true });
    const res = await leadOn(domain.name);
    expect(await returnLead({ db: t.db, leadId: res.body.id, reason: "not a real person" })).toBe(true);
    expect(await returnLead({ db: t.db, leadId: res.body.id, reason: "again" })).toBe(false);
    expect(await balanceOf(agent)).toMatchObject({ availableBalance: "0.00", pendingBalance: "0.00" });
  });
});

describe("one person is one lead for 30 days, on the whole platform", () => {
  it("counts case and plus-addressing variants of one email and ZIP once, across domains", async () => {
    const first = await ownerWithDomain({ verified: true });
    const second = await ownerWithDomain({ verified: true });
    const tag = Math.random().toString(36).slice(2);
    const answers = [
      await leadOn(first.domain.name, lead({ email: `pat_${tag}@example.com` })),
      await leadOn(first.domain.name, lead({ email: `PAT_${tag}+cars@Example.com` })),
      await leadOn(second.domain.name, lead({ email: `pat_${tag}+again@example.com` })),
    ];
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await balanceOf(first.agent)).toMatchObject({ pendingBalance: "80.00" });
    expect(await balanceOf(second.agent)).toMatchObject({ pendingBalance: "0.00" });
  });

  it("takes the same person again once 30 days have passed", async () => {
    const { agent, domain } = await ownerWithDomain({ verified: true });
    const body = lead();
    const first = await leadOn(domain.name, body);
    await t.db.execute(
      sql`update leads set created_at = now() - interval '31 days' where id = ${first.body.id}`,
    );
    const again = await leadOn(domain.name, body);
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);
    expect(await balanceOf(agent)).toMatchObject({ pendingBalance: "160.00" });
  });
});

describe("lead limits", () => {
  it("limits leads per client address, with Retry-After, and a rotated X-Forwarded-For does not escape it", async () => {
    const limited = await createTestApp({
      env: { LEADS_PER_ADDRESS_PER_HOUR: "3", LEADS_PER_DOMAIN_PER_HOUR: "1000", TRUST_PROXY: "1" },
    });
    try {
      const send = (forwardedFor: string) =>
        request(limited.app).post(LEADS_PATH).set("X-Forwarded-For", forwardedFor).send(lead());
      // The trusted proxy appends the address it saw; whatever the client wrote before it is ignored.
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await send(`10.0.0.${i}, 203.0.113.7`)).status);
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      const refused = await send("10.9.9.9, 203.0.113.7");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused.body.message).toMatch(/try again/i);
      expect((await send("203.0.113.8")).status).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it("limits leads per domain, whatever the client address", async () => {
    const limited = await createTestApp({
      env: { LEADS_PER_ADDRESS_PER_HOUR: "1000", LEADS_PER_DOMAIN_PER_HOUR: "2", TRUST_PROXY: "1" },
    });
    try {
      const owner = await signUp(limited.app);
      const domain = await insertDomain(limited.db, owner.user.id, {
        status: "parked",
        verifiedAt: new Date(),
      });
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const res = await request(limited.app)
          .post(LEADS_PATH)
          .set({ Host: domain.name, "X-Forwarded-For": `198.51.100.${i}` })
          .send(lead());
        statuses.push(res.status);
      }
      expect(statuses).toEqual([201, 201, 429, 429]);
      const stored = await limited.db.execute<{ n: number }>(
        sql`select count(*)::int as n from leads where domain_id = ${domain.id}`,
      );
      expect(stored.rows[0].n).toBe(2);
    } finally {
      await limited.close();
    }
  });
});
