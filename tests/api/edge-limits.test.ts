import { sql } from "drizzle-orm";
import express from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorHandler } from "../../server/http/error-handler";
import { createLogger } from "../../server/lib/logger";
import { AFFILIATE_INVITE_PATH } from "../../shared/api/affiliates";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { HEALTH_PATHS } from "../../shared/api/health";
import { marketplacePaths } from "../../shared/api/marketplace/listings";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { REVENUE_PATHS } from "../../shared/api/revenue";
import { pathTo } from "../../shared/path-to";
import { addDomain } from "../factories/domains";
import { signUp } from "../factories/users";
import { listApiRoutes } from "../setup/route-table";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: "https://app.parkpilot.test" } });
});
afterAll(() => t.close());

/** 16,000 levels of arrays inside objects: under 100 KB, far past any real request. */
const deepJson = () => `${'{"a":['.repeat(8000)}1${"]}".repeat(8000)}`;

describe("JSON nesting", () => {
  it("refuses 16,000 levels with 400 and a message on every route, signed in or not", async () => {
    const { agent } = await signUp(t.app);
    const body = deepJson();
    expect(body.length).toBeLessThan(100_000);
    // Webhooks read their raw body for the signature; the health check reads none.
    const routes = listApiRoutes(t.app).filter(
      (r) => !r.path.startsWith("/api/webhooks/") && r.path !== HEALTH_PATHS.health,
    );
    const failures: string[] = [];
    for (const route of routes) {
      const path = route.path.replace(/:\w+/g, "00000000-0000-0000-0000-000000000000");
      for (const client of [agent, request(t.app)]) {
        const res = await client[route.method.toLowerCase() as "post"](path)
          .set("Content-Type", "application/json")
          .send(body);
        if (res.status !== 400 || typeof res.body.message !== "string")
          failures.push(`${route.method} ${route.path} → ${res.status}`);
      }
    }
    expect(routes.length).toBeGreaterThan(40);
    expect(failures).toEqual([]);
  });

  it("still accepts ordinary nesting", async () => {
    const res = await request(t.app)
      .post(AUTH_PATHS.login)
      .set("Content-Type", "application/json")
      .send(JSON.stringify({ usernameOrEmail: "x", password: "y", extra: [[[[{ a: [1] }]]]] }));
    expect(res.status).toBe(401);
  });
});

describe("amounts the database could not hold", () => {
  it.each([
    [
      "a revenue goal",
      "post",
      REVENUE_PATHS.goals,
      { targetAmount: "99999999999", timeframe: "monthly", category: "total" },
    ],
    [
      "a goal as a huge number",
      "post",
      REVENUE_PATHS.goals,
      { targetAmount: 1e300, timeframe: "monthly", category: "total" },
    ],
    ["payout settings", "put", PAYMENT_PATHS.settings, { minPayout: 1e15, payoutFrequency: "weekly" }],
    ["a payout", "post", PAYMENT_PATHS.payout, { amount: "99999999999.99", paypalEmail: "p@example.com" }],
    [
      "a test payment",
      "post",
      PAYMENT_PATHS.paypalOrder,
      { amount: "99999999999", currency: "USD", intent: "CAPTURE" },
    ],
  ])("refuses %s with a 4xx and a message", async (_label, method, path, body) => {
    const { agent } = await signUp(t.app);
    const res = await agent[method as "post"](path).send(body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it("refuses a domain price or listing price past what is stored", async () => {
    const { agent } = await signUp(t.app);
    const domain = await addDomain(agent);
    const cost = await agent
      .patch(pathTo(DOMAIN_PATHS.one, { id: domain.id }))
      .send({ purchasePrice: "99999999999.00" });
    expect(cost.status).toBe(400);
    const listing = await agent.post(marketplacePaths.list).send({ domainId: domain.id, price: 1e20 });
    expect(listing.status).toBe(400);
  });

  it("answers PostgreSQL's numeric field overflow with 422, not a 500", async () => {
    const overflow = await t.db.execute(sql`select 1e20::numeric(12,2)`).catch((e: unknown) => e);
    const app = express();
    app.get("/", () => {
      throw overflow;
    });
    app.use(errorHandler(createLogger("silent")));
    const res = await request(app).get("/");
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/out of range/);
  });
});

describe("headers", () => {
  it("sends the security headers and a Permissions-Policy on the health check", async () => {
    const res = await request(t.app).get(HEALTH_PATHS.health);
    expect(res.status).toBe(200);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["permissions-policy"]).toContain("camera=()");
  });

  it("marks signed-in API answers no-store, but lets the polled feed revalidate", async () => {
    const { agent } = await signUp(t.app);
    const me = await agent.get(AUTH_PATHS.me);
    expect(me.headers["cache-control"]).toBe("no-store");
    expect(me.headers["permissions-policy"]).toContain("geolocation=()");
    const feed = await agent.get(REVENUE_PATHS.streams);
    expect(feed.headers["cache-control"]).toBe("private, no-cache");
    expect(feed.headers.etag).toBeTruthy();
  });
});

describe("links in emails", () => {
  const invitationMail = async (app: TestApp, host: string) => {
    const { agent } = await signUp(app.app, { name: "Eve\u202Elive.ecnanif" });
    const email = `invitee-${Date.now()}@example.com`;
    const res = await agent.post(AFFILIATE_INVITE_PATH).set("Host", host).send({ email, level: 1 });
    expect(res.status).toBe(201);
    const mails = await app.db.execute<{ subject: string; body: string }>(
      sql`select subject, body from mail_outbox where "to" = ${email}`,
    );
    return mails.rows[0];
  };

  it("builds invitation links from PUBLIC_URL whatever Host the request names", async () => {
    const mail = await invitationMail(t, "evil.example");
    expect(mail.body).toMatch(/https:\/\/app\.parkpilot\.test\/login\?ref=/);
    expect(mail.body).not.toContain("evil.example");
  });

  it("without PUBLIC_URL in development, builds them on localhost, never on the Host", async () => {
    const dev = await createTestApp({ env: { PUBLIC_URL: "", PORT: "5123" } });
    try {
      const mail = await invitationMail(dev, "evil.example");
      expect(mail.body).toMatch(/http:\/\/localhost:5123\/login\?ref=/);
      expect(mail.body).not.toContain("evil.example");
    } finally {
      await dev.close();
    }
  });

  it("strips bidirectional overrides from display names, in the profile and in the mail", async () => {
    const mail = await invitationMail(t, "app.parkpilot.test");
    expect(mail.subject).toBe("Evelive.ecnanif invited you to join ParkPilot");
    expect(mail.subject + mail.body).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });
});
