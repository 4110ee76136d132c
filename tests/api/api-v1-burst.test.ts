import http from "node:http";
import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_V1_PATHS } from "../../shared/api/v1/common";
import { bearer, createApiKey, grantApiPlan } from "../factories/api-keys";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

const BURST = 80;
const CALLS = 100;
let t: TestApp;
let server: http.Server;
beforeAll(async () => {
  t = await createTestApp({ env: { API_BURST_PER_SECOND: String(BURST) } });
  // One listening server for the concurrent calls (supertest would start one per call otherwise).
  server = http.createServer(t.app).listen(0, "127.0.0.1");
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

async function newKey() {
  const owner = await signUp(t.app);
  await grantApiPlan(t.db, owner.user.id, null);
  const key = await createApiKey(owner.agent, ["read"]);
  return { ...owner, key };
}

/**
 * Opens the key's burst window at a second of the database's clock that lies `ahead` seconds in
 * the future, with `calls` already counted: every call of the test reads an earlier second, as a
 * call does that read the clock just before another call moved the window on.
 */
async function windowAhead(keyId: string, calls: number, ahead = 3_600) {
  await t.db.execute(sql`
    insert into api_key_bursts (key_id, second, calls)
    values (${keyId}, floor(extract(epoch from clock_timestamp()))::bigint + ${ahead}, ${calls})
    on conflict (key_id) do update set second = excluded.second, calls = excluded.calls
  `);
}

const fire = (key: string) =>
  Promise.all(
    Array.from({ length: CALLS }, () =>
      request(server)
        .get(API_V1_PATHS.balance)
        .set(bearer(key))
        .then((res) => res.status),
    ),
  );

describe("the per-second burst of one key", () => {
  it("lets exactly the limit of 100 concurrent calls in one window through, and refuses the rest with 429", async () => {
    const { key } = await newKey();
    await windowAhead(key.id, 0);

    const statuses = await fire(key.key);

    expect(statuses.filter((s) => s === 200)).toHaveLength(BURST);
    expect(statuses.filter((s) => s === 429)).toHaveLength(CALLS - BURST);
  });

  it("never moves the window back: a late call counts in the newer second and starts no second of its own", async () => {
    const { key } = await newKey();
    await windowAhead(key.id, BURST);

    const statuses = await fire(key.key);

    expect(statuses.filter((s) => s === 429)).toHaveLength(CALLS);
    const [window] = (
      await t.db.execute<{ ahead: boolean; calls: number }>(sql`
        select second > floor(extract(epoch from clock_timestamp())) as ahead, calls
        from api_key_bursts where key_id = ${key.id}
      `)
    ).rows;
    expect(window).toEqual({ ahead: true, calls: BURST });
  });

  it("opens a new window with the database's next second", async () => {
    const { key } = await newKey();
    await windowAhead(key.id, BURST, -1);

    const statuses = await fire(key.key);

    // The full window is a second old: the calls open the next one, with the whole allowance.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(BURST);
  });
});
