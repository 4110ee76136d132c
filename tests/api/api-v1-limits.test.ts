import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY_PATHS } from "../../shared/api/api-keys";
import { API_V1_PATHS } from "../../shared/api/v1/common";
import { bearer, createApiKey, grantApiPlan } from "../factories/api-keys";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

const BURST = 5;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { API_BURST_PER_SECOND: String(BURST) } });
});
afterAll(() => t.close());

async function keyOf(limit: number | null) {
  const owner = await signUp(t.app);
  await grantApiPlan(t.db, owner.user.id, limit);
  const { key } = await createApiKey(owner.agent, ["read"]);
  return { ...owner, key };
}

const counted = async (userId: string) =>
  Number(
    (
      await t.db.execute<{ calls: string }>(
        sql`select coalesce(sum(calls), 0) as calls from api_quota_periods where user_id = ${userId}`,
      )
    ).rows[0].calls,
  );

describe("quota at the boundary", () => {
  it("lets the 10,000th call of the period through and answers the 10,001st with 429 and Retry-After", async () => {
    const owner = await keyOf(10_000);
    const first = await request(t.app).get(API_V1_PATHS.balance).set(bearer(owner.key));
    expect(first.status).toBe(200);
    // 9,998 more calls, written straight to the counter: the 10,000th is the next one.
    await t.db.execute(sql`update api_quota_periods set calls = 9999 where user_id = ${owner.user.id}`);

    const last = await request(t.app).get(API_V1_PATHS.balance).set(bearer(owner.key));
    expect(last.status).toBe(200);
    expect(last.headers.ratelimit).toMatch(/"monthly";r=0;/);

    const over = await request(t.app).get(API_V1_PATHS.balance).set(bearer(owner.key));
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(/10000 calls/),
    });
    const now = new Date();
    const monthEnd = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    expect(Math.abs(Number(over.headers["retry-after"]) - (monthEnd - Date.now()) / 1000)).toBeLessThan(60);
    expect(over.headers.ratelimit).toMatch(/"monthly";r=0;/);
    // A refused call is not counted, and it is not counted in the day's usage either.
    expect(await counted(owner.user.id)).toBe(10_000);
    const usage = await signUpUsage(owner.agent);
    expect(usage.used).toBe(10_000);
    expect(usage.days.reduce((sum: number, d: { calls: number }) => sum + d.calls, 0)).toBe(2);
  });

  it("counts concurrent calls exactly: from 9,990, ten of twenty pass", async () => {
    const owner = await keyOf(10_000);
    await request(t.app).get(API_V1_PATHS.balance).set(bearer(owner.key)).expect(200);
    await t.db.execute(sql`update api_quota_periods set calls = 9990 where user_id = ${owner.user.id}`);
    // Spread over seconds, so that the burst limit does not decide.
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all(
        Array.from({ length: BURST }, () => request(t.app).get(API_V1_PATHS.balance).set(bearer(owner.key))),
      );
      statuses.push(...answers.map((a) => a.status));
      // The next second: the key's burst window moves back one second, as if it had passed.
      await t.db.execute(
        sql`update api_key_bursts set second = second - 1 where key_id in (select id from api_keys where user_id = ${owner.user.id})`,
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(await counted(owner.user.id)).toBe(10_000);
  });
});

async function signUpUsage(agent: Awaited<ReturnType<typeof signUp>>["agent"]) {
  return (await agent.get(API_KEY_PATHS.usage)).body;
}

describe("burst per key", () => {
  it("refuses calls beyond the burst in one second with 429 and Retry-After: 1, per key", async () => {
    const owner = await keyOf(null);
    const other = await createApiKey(owner.agent, ["read"], "second");
    const answers = await Promise.all(
      Array.from({ length: BURST * 3 }, () =>
        request(t.app).get(API_V1_PATHS.balance).set(bearer(owner.key)),
      ),
    );
    const refused = answers.filter((a) => a.status === 429);
    // However the calls fall across a second's edge, at most two seconds' worth pass.
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(BURST * 2);
    expect(refused.length).toBeGreaterThanOrEqual(BURST);
    expect(refused[0].headers["retry-after"]).toBe("1");
    expect(refused[0].headers.ratelimit).toMatch(/"burst";r=0;t=1/);
    expect(refused[0].body.message).toMatch(/in one second/);
    // The other key has its own burst.
    expect((await request(t.app).get(API_V1_PATHS.balance).set(bearer(other.key))).status).toBe(200);
    // A refused burst costs nothing of the quota.
    expect(await counted(owner.user.id)).toBe(answers.length - refused.length + 1);
  });
});
