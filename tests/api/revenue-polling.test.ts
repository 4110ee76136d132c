import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { REVENUE_PATHS, ZRevenueStream } from "../../shared/api/revenue";
import { credit } from "../factories/revenue";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, { timeZone: "Europe/Berlin" });
  other = await signUp(t.app, { timeZone: "Europe/Berlin" });
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  await credit(t.db, owner.user.id, [
    { type: "parking", amount: "3.40", at: minutesAgo(30), description: "Parking on a.com" },
    { type: "lead", amount: "75.00", at: minutesAgo(5), description: "Insurance lead on a.com" },
    { type: "affiliate", amount: "1.20", at: minutesAgo(60 * 26), description: "Commission" },
  ]);
  await credit(t.db, other.user.id, [{ type: "marketplace", amount: "999.00", at: minutesAgo(1) }]);
});
afterAll(() => t.close());

/**
 * The user's session rows as stored, with `xmin`: any write to a row, even of the same values,
 * gives it a new `xmin`.
 */
async function sessionRows(userId: string) {
  const { rows } = await t.db.execute<{ sid: string; version: string; sess: string; expire: string }>(sql`
    select sid, xmin::text as version, sess::text as sess, expire::text as expire
    from session where sess->>'userId' = ${userId} order by sid
  `);
  return rows;
}

describe("GET /api/revenue/streams", () => {
  it("answers the user's latest events newest first, amounts as decimal strings, never another user's", async () => {
    const res = await owner.agent.get(REVENUE_PATHS.streams);
    expect(res.status).toBe(200);
    const streams = res.body.map((s: unknown) => ZRevenueStream.parse(s));
    expect(
      streams.map((s: { description: string; amount: string; type: string }) => [s.type, s.amount]),
    ).toEqual([
      ["lead", "75.00"],
      ["parking", "3.40"],
      ["affiliate", "1.20"],
    ]);
    expect(streams[0].metadata).toEqual({ test: true });
  });

  it("honours the limit and refuses one out of range with a 400 message", async () => {
    const one = await owner.agent.get(`${REVENUE_PATHS.streams}?limit=1`);
    expect(one.body).toHaveLength(1);
    const bad = await owner.agent.get(`${REVENUE_PATHS.streams}?limit=500`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Invalid input/);
  });
});

describe("polling", () => {
  it.each([REVENUE_PATHS.dashboard, REVENUE_PATHS.streams])(
    "%s answers 304 to a matching If-None-Match, and 200 with a new ETag once revenue changes",
    async (path) => {
      const first = await owner.agent.get(path);
      expect(first.status).toBe(200);
      expect(first.headers["cache-control"]).toBe("private, no-cache");
      const etag = first.headers.etag;
      expect(etag).toMatch(/^W\//);

      const again = await owner.agent.get(path).set("If-None-Match", etag);
      expect(again.status).toBe(304);
      expect(again.text).toBe("");

      await credit(t.db, owner.user.id, [{ type: "lead", amount: "75.00", at: new Date().toISOString() }]);
      const changed = await owner.agent.get(path).set("If-None-Match", etag);
      expect(changed.status).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
    },
  );

  it("writes nothing to the session row over 20 polls", async () => {
    const before = await sessionRows(owner.user.id);
    expect(before).toHaveLength(1);
    // The store is told about each request (its touch is disabled); it must never write.
    const set = vi.spyOn(t.deps.sessions.store, "set");
    const query = vi.spyOn(t.deps.database.pool, "query");

    for (let poll = 0; poll < 20; poll++) {
      const [dashboard, streams] = await Promise.all([
        owner.agent.get(REVENUE_PATHS.dashboard),
        owner.agent.get(REVENUE_PATHS.streams),
      ]);
      expect([dashboard.status, streams.status]).toEqual([200, 200]);
      expect(dashboard.headers["set-cookie"]).toBeUndefined();
      expect(streams.headers["set-cookie"]).toBeUndefined();
    }

    expect(set).not.toHaveBeenCalled();
    const statements = query.mock.calls.map(([q]: unknown[]) =>
      typeof q === "string" ? q : String((q as { text?: string } | undefined)?.text ?? ""),
    );
    // Every poll read its session through this pool…
    expect(statements.filter((q) => /select sess from\s+"?session/i.test(q)).length).toBeGreaterThanOrEqual(
      40,
    );
    // …and none wrote it.
    expect(statements.filter((q) => /(insert into|update)\s+"?session\b/i.test(q))).toEqual([]);
    expect(await sessionRows(owner.user.id)).toEqual(before);
  });
});
