import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ACCESS_FEATURE } from "../../shared/api/api-keys";
import { type AppProcess, startAppProcess } from "../setup/app-process";
import { sessionCookieOf } from "../setup/child-process";
import { createServerDatabase } from "../setup/test-database";

/** The API quota behind a load balancer: two app processes over one PostgreSQL server. */
let database: Awaited<ReturnType<typeof createServerDatabase>>;
let a: AppProcess;
let b: AppProcess;
let sql: pg.Pool;

beforeAll(async () => {
  database = await createServerDatabase();
  const env = { DATABASE_URL: database.url, API_BURST_PER_SECOND: "100000" };
  const started = await Promise.allSettled([startAppProcess(env), startAppProcess(env)]);
  const running = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  if (running.length < 2) {
    await Promise.all(running.map((app) => app.stop()));
    throw (started.find((s) => s.status === "rejected") as PromiseRejectedResult).reason;
  }
  [a, b] = running;
  sql = new pg.Pool({ connectionString: database.url, max: 2 });
  sql.on("error", () => undefined);
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await sql?.end();
  await database?.drop();
});

async function ownerWithKey(tag: string) {
  const json = { "content-type": "application/json" };
  const registered = await fetch(`${a.baseUrl}/api/auth/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      name: tag,
      username: tag,
      email: `${tag}@example.com`,
      password: "api-quota-pw-123",
    }),
  });
  expect(registered.status).toBe(201);
  const cookie = sessionCookieOf(registered);
  const { user } = (await registered.json()) as { user: { id: string } };
  // The developer plan's entitlement, as a paid order grants it: 10,000 calls a month.
  await sql.query(
    `insert into entitlements (user_id, feature, usage_limit, source, starts_at) values ($1, $2, 10000, 'order', now() - interval '1 minute')`,
    [user.id, API_ACCESS_FEATURE],
  );
  const created = await fetch(`${b.baseUrl}/api/api-keys`, {
    method: "POST",
    headers: { ...json, cookie },
    body: JSON.stringify({ name: "load balanced", scopes: ["read"] }),
  });
  expect(created.status).toBe(201);
  return { userId: user.id, key: ((await created.json()) as { key: string }).key };
}

const call = (app: AppProcess, key: string) =>
  fetch(`${app.baseUrl}/api/v1/balance`, { headers: { authorization: `Bearer ${key}` } });

describe("the API quota across two instances", () => {
  it("lets the 10,000th call of the period through either instance and refuses the 10,001st on both", async () => {
    const { userId, key } = await ownerWithKey("quota_owner");
    expect((await call(a, key)).status).toBe(200);
    // 9,998 more calls, written straight to the shared counter.
    await sql.query("update api_quota_periods set calls = 9999 where user_id = $1", [userId]);

    const last = await call(b, key);
    expect(last.status).toBe(200);
    expect(last.headers.get("ratelimit")).toMatch(/"monthly";r=0;/);
    for (const app of [a, b]) {
      const over = await call(app, key);
      expect(over.status).toBe(429);
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await over.json()) as { message: string }).message).toMatch(/10000 calls/);
    }
    const { rows } = await sql.query("select calls from api_quota_periods where user_id = $1", [userId]);
    expect(Number(rows[0].calls)).toBe(10_000);
  });

  it("counts concurrent calls on both instances exactly: from 9,950, 50 of 100 pass", async () => {
    const { userId, key } = await ownerWithKey("race_owner");
    expect((await call(a, key)).status).toBe(200);
    await sql.query("update api_quota_periods set calls = 9950 where user_id = $1", [userId]);
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => call(i % 2 ? a : b, key).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
    const { rows } = await sql.query("select calls from api_quota_periods where user_id = $1", [userId]);
    expect(Number(rows[0].calls)).toBe(10_000);
  });
});
