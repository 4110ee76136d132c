import { sql } from "drizzle-orm";
import request, { type Response } from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { HEALTH_PATHS } from "../../shared/api/health";
import { insertDomain } from "../factories/domains";
import { signUp } from "../factories/users";
import { eventually } from "../setup/eventually";
import { createTestApp, type TestApp } from "../setup/test-app";

/**
 * The health check and a parked page in memory are answered before Express
 * (`server/http/fast-paths.ts`): with the same status, headers and bytes as Express's routes for
 * them. Production's configuration, so the security headers include the app's CSP, which a parked
 * page replaces with its own; requests come through a proxy on loopback (`TRUST_PROXY`).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      NODE_ENV: "production",
      SESSION_SECRET: "fast-paths-test-secret",
      PUBLIC_URL: "https://app.test",
      TRUST_PROXY: "loopback",
    },
  });
});
afterAll(() => t.close());

/** How many requests Express's router took: a fast path's answer is not one of them. */
function routed() {
  // Express hands each request it takes to its router's `handle` (not in its type declarations).
  const router = t.app.router as unknown as { handle: (...args: unknown[]) => void };
  const spy = vi.spyOn(router, "handle");
  return { count: () => spy.mock.calls.length, restore: () => spy.mockRestore() };
}

/** The answer's headers but the date, which differs by the second. */
const headersOf = (res: Response) => {
  const { date: _date, ...rest } = res.headers as Record<string, string>;
  return rest;
};

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";
const view = (host: string, headers: Record<string, string> = {}) =>
  request(t.app)
    .get("/")
    .set({ Host: host, Accept: "text/html", "User-Agent": BROWSER, ...headers })
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => done(null, Buffer.concat(chunks)));
    });

async function verifiedDomain() {
  const { user } = await signUp(t.app);
  return insertDomain(t.db, user.id, { status: "active" });
}

describe("answered before Express", () => {
  it("the health check, with the headers and body of Express's route for it", async () => {
    const express = routed();
    try {
      const fast = await request(t.app).get(HEALTH_PATHS.health);
      expect(express.count()).toBe(0);
      // With a trailing slash the path is Express's to match.
      const viaExpress = await request(t.app).get(`${HEALTH_PATHS.health}/`);
      expect(express.count()).toBe(1);
      expect(fast.status).toBe(200);
      expect(fast.body).toEqual({ status: "ok", engine: t.database.engine });
      expect(fast.text).toBe(viaExpress.text);
      expect(headersOf(fast)).toEqual(headersOf(viaExpress));
      expect(fast.headers["content-security-policy"]).toContain("default-src 'self'");
      const head = await request(t.app).head(HEALTH_PATHS.health);
      expect(head.status).toBe(200);
      expect(head.text ?? "").toBe("");
      expect(express.count()).toBe(1);
    } finally {
      express.restore();
    }
  });

  it("a parked page read within seconds: the answer Express gave, in each encoding, 304 to its ETag, and HEAD", async () => {
    const domain = await verifiedDomain();
    const express = routed();
    try {
      // The first view reads the site through Express; the next ones are answered from memory.
      const first = await view(domain.name, { "Accept-Encoding": "gzip" });
      expect(express.count()).toBe(1);
      const fast = await view(domain.name, { "Accept-Encoding": "gzip" });
      const plain = await view(domain.name, { "Accept-Encoding": "identity" });
      expect(express.count()).toBe(1);
      expect(first.status).toBe(200);
      expect(headersOf(fast)).toEqual(headersOf(first));
      expect(fast.body).toEqual(first.body);
      expect(fast.headers["content-encoding"]).toBe("gzip");
      // The page's own policy alone, not the app's beside it.
      expect(fast.headers["content-security-policy"]).not.toContain(", ");
      expect(fast.headers["cache-control"]).toContain("s-maxage=");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.toString()).toContain(domain.name);

      const held = await view(domain.name, { "Accept-Encoding": "gzip", "If-None-Match": fast.headers.etag });
      expect(held.status).toBe(304);
      expect(held.body.length).toBe(0);
      expect(held.headers.etag).toBe(fast.headers.etag);
      const head = await request(t.app).head("/").set({ Host: domain.name, "Accept-Encoding": "gzip" });
      expect(head.status).toBe(200);
      expect(head.headers["content-length"]).toBe(fast.headers["content-length"]);
      expect(express.count()).toBe(1);
    } finally {
      express.restore();
    }
  });

  it("a parked page named by a trusted proxy's X-Forwarded-Host, its visitor the proxy's X-Forwarded-For, counted once", async () => {
    const domain = await verifiedDomain();
    await view(domain.name);
    const express = routed();
    try {
      const proxied = await view("app.test", {
        "X-Forwarded-Host": domain.name,
        "X-Forwarded-For": "198.51.100.7",
      });
      const again = await view("app.test", {
        "X-Forwarded-Host": domain.name,
        "X-Forwarded-For": "198.51.100.7",
      });
      expect(express.count()).toBe(0);
      expect(proxied.status).toBe(200);
      expect(proxied.body.toString()).toContain(domain.name);
      expect(again.status).toBe(200);
    } finally {
      express.restore();
    }
    // The first view's visitor (loopback) and the proxied one: two visits, the repeat none.
    const visits = await eventually(
      async () => {
        const { rows } = await t.db.execute<{ visits: number }>(
          sql`select visits from domain_traffic where domain_id = ${domain.id}`,
        );
        return rows[0]?.visits ?? 0;
      },
      (n) => n >= 2,
    );
    expect(visits).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { rows } = await t.db.execute<{ visits: number }>(
      sql`select visits from domain_traffic where domain_id = ${domain.id}`,
    );
    expect(rows[0]?.visits).toBe(2);
  });

  it("leaves to Express what it does not serve from memory: another host, a POST, another path, a name nobody verified", async () => {
    const domain = await verifiedDomain();
    await view(domain.name);
    const express = routed();
    try {
      await request(t.app).get("/").set({ Host: "app.test" });
      await request(t.app)
        .get("/")
        .set({ Host: domain.name, "X-Forwarded-For": "198.51.100.8" })
        .set("X-Forwarded-Host", "other.test");
      await request(t.app).post("/").set({ Host: domain.name });
      await request(t.app).get("/__pp/buy").set({ Host: domain.name });
      await request(t.app).get("/").set({ Host: "nobody-verified-this.test" });
      expect(express.count()).toBe(5);
    } finally {
      express.restore();
    }
  });
});
