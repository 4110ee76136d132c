import { describe, expect, it } from "vitest";
import { API_ACCESS_FEATURE } from "../../shared/api/api-keys";
import type { AppProcess } from "../setup/app-process";
import { sessionCookieOf } from "../setup/child-process";
import { twoInstancesForFile } from "../setup/two-instances";

/** The API quota behind a load balancer: two app processes over one PostgreSQL server. */
const instances = twoInstancesForFile({ API_BURST_PER_SECOND: "100000" });

async function ownerWithKey(tag: string) {
  const json = { "content-type": "application/json" };
  const registered = await fetch(`${instances.a.baseUrl}/api/auth/register`, {
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
  await instances.sql.query(
    `insert into entitlements (user_id, feature, usage_limit, source, starts_at) values ($1, $2, 10000, 'order', now() - interval '1 minute')`,
    [user.id, API_ACCESS_FEATURE],
  );
  const created = await fetch(`${instances.b.baseUrl}/api/api-keys`, {
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
    expect((await call(instances.a, key)).status).toBe(200);
    // 9,998 more calls, written straight to the shared counter.
    await instances.sql.query("update api_quota_periods set calls = 9999 where user_id = $1", [userId]);

    const last = await call(instances.b, key);
    expect(last.status).toBe(200);
    expect(last.headers.get("ratelimit")).toMatch(/"monthly";r=0;/);
    for (const app of [instances.a, instances.b]) {
      const over = await call(app, key);
      expect(over.status).toBe(429);
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await over.json()) as { message: string }).message).toMatch(/10000 calls/);
    }
    const { rows } = await instances.sql.query("select calls from api_quota_periods where user_id = $1", [
      userId,
    ]);
    expect(Number(rows[0].calls)).toBe(10_000);
  });

  it("counts concurrent calls on both instances exactly: from 9,950, 50 of 100 pass", async () => {
    const { userId, key } = await ownerWithKey("race_owner");
    expect((await call(instances.a, key)).status).toBe(200);
    await instances.sql.query("update api_quota_periods set calls = 9950 where user_id = $1", [userId]);
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(i % 2 ? instances.a : instances.b, key).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
    const { rows } = await instances.sql.query("select calls from api_quota_periods where user_id = $1", [
      userId,
    ]);
    expect(Number(rows[0].calls)).toBe(10_000);
  });
});
