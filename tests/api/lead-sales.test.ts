import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createBuyer } from "../../server/modules/lead-sales/buyer-store";
import {
  deliveryKey,
  resumePendingSales,
  SALES_AT_ONCE,
  sellLead,
} from "../../server/modules/lead-sales/sell-lead";
import {
  ADMIN_LEAD_BUYERS_PATHS,
  LEAD_RETURNS_PATH,
  type TLeadBuyerValues,
} from "../../shared/api/lead-sales";
import { LEADS_SUMMARY_PATH } from "../../shared/api/leads/leads";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { pathTo } from "../../shared/path-to";
import { insertDomain } from "../factories/domains";
import { retireLeadBuyers } from "../factories/lead-buyers";
import { leadBody, VISITOR_PROXY_ENV, visitorLead } from "../factories/leads";
import { signInStaff } from "../factories/staff";
import { signUp } from "../factories/users";
import { type BuyerServer, downUrl, startBuyer } from "../setup/lead-buyer-server";
import { createTestApp, type TestApp } from "../setup/test-app";

// Short timeouts keep the file quick; the protocol is the same at the default 750 ms.
const PING_TIMEOUT_MS = 300;

let t: TestApp;
const servers: BuyerServer[] = [];
beforeAll(async () => {
  t = await createTestApp({
    env: {
      ...VISITOR_PROXY_ENV,
      LEAD_PING_TIMEOUT_MS: String(PING_TIMEOUT_MS),
      // The request waits for its sale up to the ping timeout and one post: a loaded machine still fits.
      LEAD_POST_TIMEOUT_MS: "3000",
      LEAD_OWNER_SHARE_PERCENT: "70",
    },
  });
});
afterEach(async () => {
  // Each test sells to its own buyers only.
  await retireLeadBuyers(t);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await t.close();
});

let buyerCount = 0;
async function buyer(
  server: BuyerServer | { pingUrl: string; postUrl: string; secret: string },
  values: Partial<TLeadBuyerValues> = {},
) {
  buyerCount++;
  const { id } = await createBuyer(t.db, t.deps.leadSales.secrets, {
    name: `Buyer ${buyerCount}`,
    pingUrl: server.pingUrl,
    postUrl: server.postUrl,
    secret: server.secret,
    priceModel: "bid",
    states: [],
    zipPrefixes: [],
    active: true,
    ...values,
  });
  return id;
}

async function serve(options: Parameters<typeof startBuyer>[0]) {
  const server = await startBuyer(options);
  servers.push(server);
  return server;
}

const bidding = (bid: string | null, post?: Parameters<typeof startBuyer>[0]["post"]) =>
  serve({ ping: () => ({ json: { bid } }), post });
const rejecting = (bid: string) =>
  serve({
    ping: () => ({ json: { bid } }),
    post: () => ({ json: { accepted: false, reason: "Out of area" } }),
  });

async function ownerWithDomain() {
  const owner = await signUp(t.app);
  const domain = await insertDomain(t.db, owner.user.id, { status: "parked" });
  return { ...owner, domain };
}

async function balanceOf(agent: request.Agent) {
  const res = await agent.get(PAYMENT_PATHS.balance).expect(200);
  return res.body as { availableBalance: string; pendingBalance: string };
}

async function leadRow(id: string) {
  const { rows } = await t.db.execute<{
    sale_status: string;
    value: string;
    sale_price: string | null;
    buyer_id: string | null;
    buyer_lead_id: string | null;
    consent: Record<string, string> | null;
  }>(
    sql`select sale_status, value::text, sale_price::text, buyer_id, buyer_lead_id, consent from leads where id = ${id}`,
  );
  return rows[0];
}

const postsOf = (server: BuyerServer, leadId: string) => server.posts.filter((p) => p.body.leadId === leadId);

describe("ping-post: the best accepting bid buys the lead", () => {
  it("pings every buyer without personal data, skips the slow and the down one, falls through a rejection to the next bid", async () => {
    const fixed = await bidding("1.00"); // interest at its fixed price of $30
    const bidder = await bidding("40.00");
    const rejecter = await rejecting("55.00");
    const slow = await serve({ ping: () => ({ json: { bid: "90.00" }, delayMs: PING_TIMEOUT_MS + 300 }) });
    const fixedId = await buyer(fixed, { priceModel: "fixed", fixedPrice: "30.00" });
    const bidderId = await buyer(bidder);
    const rejecterId = await buyer(rejecter);
    const slowId = await buyer(slow);
    const downId = await buyer({
      pingUrl: await downUrl(),
      postUrl: await downUrl(),
      secret: "down-buyer-secret-123",
    });
    const { agent, domain } = await ownerWithDomain();

    // The consent record's page is the page served on the lead's host, whatever the body claims.
    const forged = { pageUrl: "https://attacker.example/consent-we-never-showed" };
    const res = await visitorLead(t.app, domain.name, leadBody(forged));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const leadId = res.body.id as string;

    // Pings carry exactly the protocol's fields, signed; no email.
    for (const server of [fixed, bidder, rejecter, slow]) {
      const ping = server.pings.find((p) => p.body.leadId === leadId);
      expect(ping?.signed).toBe(true);
      expect(Object.keys(ping?.body ?? {}).sort()).toEqual(["leadId", "source", "state", "zipCode"]);
      expect(ping?.body).toMatchObject({ zipCode: "90210", state: "CA", source: "car-insurance-landing" });
    }
    // The $55 bid was posted first and rejected; the $40 bid accepted; nobody else was posted.
    expect(postsOf(rejecter, leadId)).toHaveLength(1);
    expect(postsOf(bidder, leadId)).toHaveLength(1);
    expect(postsOf(fixed, leadId)).toHaveLength(0);
    expect(postsOf(slow, leadId)).toHaveLength(0);
    const post = postsOf(bidder, leadId)[0];
    expect(post.signed).toBe(true);
    expect(post.idempotencyKey).toBe(`lead:${leadId}:buyer:${bidderId}`);
    expect(post.body).toMatchObject({
      leadId,
      zipCode: "90210",
      state: "CA",
      consent: {
        version: expect.any(String),
        text: expect.stringContaining("insurance partners"),
        at: expect.any(String),
        pageUrl: `http://${domain.name}/`,
        ip: expect.stringMatching(/^203\.0\.113\./),
        userAgent: expect.any(String),
      },
    });
    expect(typeof post.body.email).toBe("string");

    // The owner is credited 70% of $40, pending.
    expect(await leadRow(leadId)).toMatchObject({
      sale_status: "sold",
      sale_price: "40.00",
      value: "28.00",
      buyer_id: bidderId,
      buyer_lead_id: `b-${leadId}`,
    });
    expect(await balanceOf(agent)).toMatchObject({ pendingBalance: "28.00", availableBalance: "0.00" });

    // Each buyer's answers and errors are logged.
    const { rows } = await t.db.execute<{ buyer_id: string; kind: string; outcome: string }>(
      sql`select buyer_id, kind, outcome from lead_buyer_calls where lead_id = ${leadId}`,
    );
    const outcome = (id: string, kind: string) =>
      rows.find((r) => r.buyer_id === id && r.kind === kind)?.outcome;
    expect(outcome(slowId, "ping")).toBe("timeout");
    expect(outcome(downId, "ping")).toBe("error");
    expect(outcome(fixedId, "ping")).toBe("bid");
    expect(outcome(rejecterId, "post")).toBe("rejected");
    expect(outcome(bidderId, "post")).toBe("accepted");
  });

  it("sells at a fixed price when the fixed-price buyer is the best offer", async () => {
    const fixed = await bidding("1.00");
    const low = await bidding("20.00");
    const fixedId = await buyer(fixed, { priceModel: "fixed", fixedPrice: "30.00" });
    await buyer(low);
    const { agent, domain } = await ownerWithDomain();
    const res = await visitorLead(t.app, domain.name);
    expect(await leadRow(res.body.id)).toMatchObject({
      sale_status: "sold",
      sale_price: "30.00",
      buyer_id: fixedId,
    });
    expect(await balanceOf(agent)).toMatchObject({ pendingBalance: "21.00" });
  });

  it("stores an unsold lead and credits nothing when nobody bids", async () => {
    const none = await bidding(null);
    const rejecter = await rejecting("10.00");
    await buyer(none);
    await buyer(rejecter);
    const { agent, domain } = await ownerWithDomain();
    const res = await visitorLead(t.app, domain.name);
    expect(res.status).toBe(201);
    expect(await leadRow(res.body.id)).toMatchObject({
      sale_status: "unsold",
      value: "0.00",
      buyer_id: null,
    });
    expect(await balanceOf(agent)).toMatchObject({ pendingBalance: "0.00", availableBalance: "0.00" });
  });

  it("respects a buyer's state filter and daily cap: the next bidder takes the lead", async () => {
    const capped = await bidding("50.00");
    const texas = await bidding("70.00");
    const next = await bidding("25.00");
    const cappedId = await buyer(capped, { dailyCap: 1 });
    await buyer(texas, { states: ["TX"] });
    const nextId = await buyer(next);
    const { domain } = await ownerWithDomain();
    const first = await visitorLead(t.app, domain.name);
    const second = await visitorLead(t.app, domain.name);
    expect(texas.pings).toHaveLength(0);
    expect((await leadRow(first.body.id)).buyer_id).toBe(cappedId);
    expect((await leadRow(second.body.id)).buyer_id).toBe(nextId);
  });

  it("opens the circuit of a buyer that keeps failing: it is skipped instead of called", async () => {
    const broken = await serve({ ping: () => ({ status: 500, json: { error: "boom" } }) });
    const good = await bidding("30.00");
    const brokenId = await buyer(broken);
    await buyer(good);
    const { domain } = await ownerWithDomain();
    for (let i = 0; i < 6; i++) expect((await visitorLead(t.app, domain.name)).status).toBe(201);
    expect(broken.pings.length).toBeLessThan(6);
    const { rows } = await t.db.execute<{ outcome: string; n: number }>(
      sql`select outcome, count(*)::int as n from lead_buyer_calls where buyer_id = ${brokenId} group by outcome`,
    );
    expect(rows.find((r) => r.outcome === "skipped")?.n).toBeGreaterThan(0);
    expect(rows.find((r) => r.outcome === "error")?.n).toBe(broken.pings.length);
  });
});

describe("nobody gets a lead twice", () => {
  it("two runs of one sale at once post it once", async () => {
    const only = await bidding("35.00");
    await buyer(only);
    const { agent, domain } = await ownerWithDomain();
    const leadId = await pendingLead(domain.id);
    const outcomes = await Promise.all([
      sellLead(t.deps.leadSales, leadId),
      sellLead(t.deps.leadSales, leadId),
    ]);
    expect(outcomes.sort()).toEqual(["busy", "sold"]);
    expect(postsOf(only, leadId)).toHaveLength(1);
    expect(await balanceOf(agent)).toMatchObject({ pendingBalance: "24.50" });
    // Run again once sold: nothing happens.
    expect(await sellLead(t.deps.leadSales, leadId)).toBe("busy");
    expect(postsOf(only, leadId)).toHaveLength(1);
  });

  it("a sale cut short after its post was sent resumes with the same idempotency key, to the same buyer only", async () => {
    const first = await bidding("60.00");
    const second = await bidding("45.00");
    const firstId = await buyer(first);
    await buyer(second);
    const { agent, domain } = await ownerWithDomain();
    // A lead whose process died after reserving the post to the first buyer, its claim run out.
    const leadId = await pendingLead(domain.id);
    await t.db.execute(
      sql`insert into lead_deliveries (lead_id, buyer_id, status, price) values (${leadId}, ${firstId}, 'posting', 60)`,
    );

    expect(await resumePendingSales(t.deps.leadSales)).toMatchObject({ sold: 1 });
    const posts = postsOf(first, leadId);
    expect(posts).toHaveLength(1);
    expect(posts[0].idempotencyKey).toBe(deliveryKey(leadId, firstId));
    expect(postsOf(second, leadId)).toHaveLength(0);
    expect(first.pings.length + second.pings.length).toBe(0); // no new auction
    expect(await leadRow(leadId)).toMatchObject({ sale_status: "sold", buyer_id: firstId, value: "42.00" });
    expect(await balanceOf(agent)).toMatchObject({ pendingBalance: "42.00" });
  });

  it("the same person again is not sold again", async () => {
    const only = await bidding("35.00");
    await buyer(only);
    const { domain } = await ownerWithDomain();
    const body = leadBody();
    const a = await visitorLead(t.app, domain.name, body);
    const b = await visitorLead(t.app, domain.name, { ...body, email: body.email.toUpperCase() });
    expect(b.body.id).toBe(a.body.id);
    expect(only.posts).toHaveLength(1);
  });
});

/** A stored lead whose sale has not run (its claim ran out): what a crash leaves behind. */
async function pendingLead(domainId: string): Promise<string> {
  const { rows } = await t.db.execute<{ id: string }>(sql`
    insert into leads (email, email_key, zip_code, city, state, source, value, host, domain_id, sale_status,
      sale_claimed_until, consent)
    select ${`p${Date.now()}${Math.random()}@example.com`}, ${`p${Date.now()}${Math.random()}@example.com`},
      '90210', 'Beverly Hills', 'CA', 'car-insurance-landing', 0, name, id, 'pending', now() - interval '1 second', '{}'::jsonb
    from domains where id = ${domainId}
    returning id
  `);
  return rows[0].id;
}

describe("a backlog of sales", () => {
  it("sells the pending leads several at a time, never more than its limit, each once", async () => {
    const owner = await ownerWithDomain();
    let pinging = 0;
    let most = 0;
    const server = await serve({
      ping: () => {
        pinging++;
        most = Math.max(most, pinging);
        setTimeout(() => pinging--, 100);
        return { json: { bid: "20.00" }, delayMs: 100 };
      },
    });
    await buyer(server);
    const ids: string[] = [];
    for (let i = 0; i < 3 * SALES_AT_ONCE; i++) ids.push(await pendingLead(owner.domain.id));

    const resumed = await resumePendingSales(t.deps.leadSales);

    expect(resumed.sold).toBeGreaterThanOrEqual(ids.length);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(SALES_AT_ONCE);
    for (const id of ids) {
      expect((await leadRow(id)).sale_status).toBe("sold");
      expect(postsOf(server, id)).toHaveLength(1);
    }
  });
});

describe("returns", () => {
  const signed = (secret: string, body: unknown) => {
    const raw = JSON.stringify(body);
    return { raw, signature: `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}` };
  };
  const sendReturn = (buyerId: string, secret: string, body: unknown) => {
    const { raw, signature } = signed(secret, body);
    return request(t.app)
      .post(LEAD_RETURNS_PATH)
      .set({
        "content-type": "application/json",
        "X-ParkPilot-Buyer": buyerId,
        "X-ParkPilot-Signature": signature,
      })
      .send(raw);
  };

  it("a buyer's return within the window, for a valid reason, reverses the owner's share once", async () => {
    const server = await bidding("50.00");
    const other = await bidding(null);
    const buyerId = await buyer(server);
    const otherId = await buyer(other);
    const { agent, domain } = await ownerWithDomain();
    const leadId = (await visitorLead(t.app, domain.name)).body.id as string;
    expect(await balanceOf(agent)).toMatchObject({ pendingBalance: "35.00" });

    expect(
      (await sendReturn(buyerId, "wrong-secret-wrong-secret", { leadId, reason: "duplicate" })).status,
    ).toBe(401);
    expect((await sendReturn(otherId, other.secret, { leadId, reason: "duplicate" })).status).toBe(404);
    expect((await sendReturn(buyerId, server.secret, { leadId, reason: "already insured" })).status).toBe(
      400,
    );
    expect(await balanceOf(agent)).toMatchObject({ pendingBalance: "35.00" });

    const ok = await sendReturn(buyerId, server.secret, { leadId, reason: "consumer_denies" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await balanceOf(agent)).toMatchObject({ pendingBalance: "0.00", availableBalance: "0.00" });
    expect((await sendReturn(buyerId, server.secret, { leadId, reason: "consumer_denies" })).status).toBe(
      409,
    );
    expect(await balanceOf(agent)).toMatchObject({ pendingBalance: "0.00" });
  });

  it("a return after the window is refused and the share stays", async () => {
    const server = await bidding("50.00");
    const buyerId = await buyer(server);
    const { agent, domain } = await ownerWithDomain();
    const leadId = (await visitorLead(t.app, domain.name)).body.id as string;
    await t.db.execute(sql`update leads set sold_at = now() - interval '15 days' where id = ${leadId}`);
    const res = await sendReturn(buyerId, server.secret, { leadId, reason: "wrong_data" });
    expect(res.status).toBe(422);
    expect(await balanceOf(agent)).toMatchObject({ pendingBalance: "35.00" });
  });
});

describe("the owner's lead summary", () => {
  it("counts sold, unsold and returned leads and the share kept", async () => {
    let bid: string | null = "50.00";
    const server = await serve({ ping: () => ({ json: { bid } }) });
    const buyerId = await buyer(server);
    const { agent, domain } = await ownerWithDomain();
    await visitorLead(t.app, domain.name);
    const returned = (await visitorLead(t.app, domain.name)).body.id as string;
    bid = null;
    await visitorLead(t.app, domain.name);
    const raw = JSON.stringify({ leadId: returned, reason: "wrong_data" });
    await request(t.app)
      .post(LEAD_RETURNS_PATH)
      .set({
        "content-type": "application/json",
        "X-ParkPilot-Buyer": buyerId,
        "X-ParkPilot-Signature": `sha256=${createHmac("sha256", server.secret).update(raw).digest("hex")}`,
      })
      .send(raw)
      .expect(200);
    const summary = await agent.get(LEADS_SUMMARY_PATH).expect(200);
    const counts = { sold: 1, unsold: 1, returned: 1, selling: 0, earned: "35.00" };
    expect(summary.body).toEqual({ last30Days: counts, allTime: counts });
    expect((await request(t.app).get(LEADS_SUMMARY_PATH)).status).toBe(401);
  });
});

describe("with no buyer", () => {
  it("in development and tests the sandbox buyer buys at a price that credits exactly the lead value", async () => {
    const { agent, domain } = await ownerWithDomain();
    const res = await visitorLead(t.app, domain.name);
    expect(await leadRow(res.body.id)).toMatchObject({
      sale_status: "sold",
      sale_price: "107.14",
      value: "75.00",
    });
    expect(await balanceOf(agent)).toMatchObject({ pendingBalance: "75.00" });
  });

  it("in production the lead is stored unsold, and the console says so", async () => {
    const settings = t.deps.leadSales.settings;
    const sandbox = settings.sandboxCredit;
    settings.sandboxCredit = null;
    try {
      const { agent, domain } = await ownerWithDomain();
      const res = await visitorLead(t.app, domain.name);
      expect(await leadRow(res.body.id)).toMatchObject({ sale_status: "unsold", value: "0.00" });
      expect(await balanceOf(agent)).toMatchObject({ pendingBalance: "0.00" });
      const staff = await signInStaff(t);
      const list = await staff.agent.get(ADMIN_LEAD_BUYERS_PATHS.list).expect(200);
      expect(list.body.mode).toBe("unsold");
    } finally {
      settings.sandboxCredit = sandbox;
    }
  });
});

describe("buyers in the console and in LEAD_BUYERS", () => {
  it("staff add a buyer: its secret is stored encrypted and never shown; its log is readable", async () => {
    const staff = await signInStaff(t);
    const server = await bidding("33.00");
    const created = await staff.agent.post(ADMIN_LEAD_BUYERS_PATHS.list).send({
      name: "Acme Insurance",
      pingUrl: server.pingUrl,
      postUrl: server.postUrl,
      secret: server.secret,
      priceModel: "bid",
      states: ["ca"],
      zipPrefixes: ["902"],
      dailyCap: 100,
      schedule: null,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { rows } = await t.db.execute<{ secret: string }>(
      sql`select secret from lead_buyers where id = ${created.body.id}`,
    );
    expect(rows[0].secret).not.toContain(server.secret);

    const list = await staff.agent.get(ADMIN_LEAD_BUYERS_PATHS.list).expect(200);
    expect(list.body.mode).toBe("buyers");
    const shown = list.body.buyers.find((b: { id: string }) => b.id === created.body.id);
    expect(shown).toMatchObject({
      name: "Acme Insurance",
      states: ["CA"],
      zipPrefixes: ["902"],
      source: "console",
    });
    expect(JSON.stringify(list.body)).not.toContain(server.secret);

    const { domain } = await ownerWithDomain();
    const leadId = (await visitorLead(t.app, domain.name)).body.id;
    expect(server.posts.find((p) => p.body.leadId === leadId)?.signed).toBe(true);
    const calls = await staff.agent
      .get(pathTo(ADMIN_LEAD_BUYERS_PATHS.calls, { id: created.body.id }))
      .expect(200);
    expect(calls.body.map((c: { kind: string; outcome: string }) => `${c.kind}:${c.outcome}`).sort()).toEqual(
      ["ping:bid", "post:accepted"],
    );
    const invoices = await staff.agent
      .get(pathTo(ADMIN_LEAD_BUYERS_PATHS.invoices, { id: created.body.id }))
      .expect(200);
    expect(invoices.body[0]).toMatchObject({ sold: 1, returned: 0, total: "33.00" });

    const bad = await staff.agent.post(ADMIN_LEAD_BUYERS_PATHS.list).send({
      name: "Fixed no price",
      pingUrl: server.pingUrl,
      postUrl: server.postUrl,
      secret: server.secret,
      priceModel: "fixed",
    });
    expect(bad.status).toBe(400);
    expect((await request(t.app).get(ADMIN_LEAD_BUYERS_PATHS.list)).status).toBe(404);
  });

  it("a buyer given by LEAD_BUYERS is stored and buys leads", async () => {
    const server = await bidding("44.00");
    const configured = await createTestApp({
      env: {
        ...VISITOR_PROXY_ENV,
        LEAD_BUYERS: JSON.stringify([
          {
            name: "Configured Co",
            pingUrl: server.pingUrl,
            postUrl: server.postUrl,
            secret: server.secret,
            states: ["CA"],
          },
        ]),
      },
    });
    try {
      const owner = await signUp(configured.app);
      const domain = await insertDomain(configured.db, owner.user.id, { status: "parked" });
      const res = await visitorLead(configured.app, domain.name);
      expect(res.status).toBe(201);
      const { rows } = await configured.db.execute<{ buyer_name: string; value: string }>(
        sql`select buyer_name, value::text from leads where id = ${res.body.id}`,
      );
      expect(rows[0]).toEqual({ buyer_name: "Configured Co", value: "30.80" });
      expect(server.posts[0].signed).toBe(true);
    } finally {
      await configured.close();
    }
  });
});
