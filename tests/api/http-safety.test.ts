import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { HEALTH_PATHS } from "../../shared/api/health";
import { LEADS_PATH } from "../../shared/api/leads/leads";
import { REVENUE_PATHS } from "../../shared/api/revenue";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("origin check", () => {
  it("refuses a state-changing request from a foreign Origin with 403", async () => {
    const { agent } = await signUp(t.app);
    const res = await agent.put(AUTH_PATHS.profile).set("Origin", "https://evil.example").send({ name: "x" });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/Cross-site/);
  });

  it("refuses Sec-Fetch-Site: cross-site, and accepts same-origin requests", async () => {
    const crossSite = await request(t.app)
      .post(AUTH_PATHS.logout)
      .set("Sec-Fetch-Site", "cross-site")
      .send({});
    expect(crossSite.status).toBe(403);
    const sameOrigin = await request(t.app)
      .post(AUTH_PATHS.logout)
      .set("Host", "parkpilot.test")
      .set("Origin", "http://parkpilot.test")
      .set("Sec-Fetch-Site", "same-origin")
      .send({});
    expect(sameOrigin.status).toBe(204);
  });

  it("lets a cross-site GET through (reads change nothing)", async () => {
    const res = await request(t.app).get(HEALTH_PATHS.health).set("Origin", "https://evil.example");
    expect(res.status).toBe(200);
  });
});

describe("bad requests", () => {
  it("answers an unknown API path with a JSON 404", async () => {
    const res = await request(t.app).get("/api/nope");
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/No API route/);
  });

  it("answers malformed JSON with 400 and no stack trace", async () => {
    const res = await request(t.app)
      .post(LEADS_PATH)
      .set("Content-Type", "application/json")
      .send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Malformed JSON body");
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts|node_modules/);
  });

  it("refuses text with a NUL character, which PostgreSQL cannot store, with 400", async () => {
    const res = await request(t.app)
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: "a\u0000b", password: "x" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/NUL/);
    const nested = await request(t.app)
      .post(LEADS_PATH)
      .send({ email: "a@b.co", tags: [{ "k\u0000": 1 }] });
    expect(nested.status).toBe(400);
    // A search term is text too.
    const { agent } = await signUp(t.app);
    const search = await agent.get(`${DOMAIN_PATHS.list}?q=a%00b`);
    expect(search.status).toBe(400);
    expect(search.body.message).toMatch(/NUL/);
    // So is an id in the path, which a route would decode into its parameter.
    for (const path of ["/api/paypal/order/%00/capture", "/api/paypal/order/a%00b/capture"]) {
      const inPath = await agent.post(path).send({});
      expect(inPath.status).toBe(400);
      expect(inPath.body.message).toMatch(/NUL/);
    }
  });

  it("answers a sign-in with the longest allowed name as a failed sign-in, not a server error", async () => {
    const res = await request(t.app)
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: "n".repeat(254), password: "whatever" });
    expect(res.status).toBe(401);
  });

  it("answers a JSON body over 100 KB with 413", async () => {
    const res = await request(t.app)
      .post(LEADS_PATH)
      .set("Content-Type", "application/json")
      .send(JSON.stringify({ email: "a".repeat(120_000) }));
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/too large/);
  });

  it("compresses answers of a kilobyte or more for clients that accept gzip", async () => {
    const { agent } = await signUp(t.app);
    const res = await agent.get(REVENUE_PATHS.dashboard).set("Accept-Encoding", "gzip");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.body.metrics).toBeDefined();
  });

  it("sets security headers", async () => {
    const res = await request(t.app).get(AUTH_PATHS.me);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("sends, in production, a CSP that allows only the app and the payment providers", async () => {
    const production = await createTestApp({
      env: {
        NODE_ENV: "production",
        SESSION_SECRET: "production-test-secret",
        PUBLIC_URL: "https://app.test",
      },
    });
    try {
      const csp = (await request(production.app).get(AUTH_PATHS.me)).headers["content-security-policy"];
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' https://www.paypal.com");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain("unsafe-eval");
    } finally {
      await production.close();
    }
  });
});
