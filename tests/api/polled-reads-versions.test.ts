import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accountVersion } from "../../server/http/versioned-read";
import { notify } from "../../server/modules/notifications/notify";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { NOTIFICATIONS_PATHS } from "../../shared/api/notifications";
import { REVENUE_PATHS } from "../../shared/api/revenue";
import { credit } from "../factories/revenue";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, { timeZone: "America/New_York" });
  other = await signUp(t.app, { timeZone: "America/New_York" });
});
afterAll(() => t.close());

const POLLED = [
  REVENUE_PATHS.dashboard,
  `${REVENUE_PATHS.dashboard}?range=7d`,
  `${REVENUE_PATHS.streams}?limit=8`,
  REVENUE_PATHS.goals,
  NOTIFICATIONS_PATHS.list,
];

/** Each polled read's ETag now, after a 200. */
async function etags() {
  const tags: Record<string, string> = {};
  for (const path of POLLED) {
    const res = await owner.agent.get(path);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-cache");
    tags[path] = res.headers.etag;
  }
  return tags;
}

/** The status each polled read answers to its ETag. */
async function polls(tags: Record<string, string>) {
  const statuses: Record<string, number> = {};
  for (const path of POLLED)
    statuses[path] = (await owner.agent.get(path).set("If-None-Match", tags[path])).status;
  return statuses;
}

const all = (status: number) => Object.fromEntries(POLLED.map((p) => [p, status]));

describe("polled reads answered from the account's version", () => {
  it("answers an unchanged poll 304 without running the read's queries", async () => {
    const tags = await etags();
    const query = vi.spyOn(t.deps.database.pool, "query");
    try {
      expect(await polls(tags)).toEqual(all(304));
      const statements = query.mock.calls.map(([q]: unknown[]) =>
        typeof q === "string" ? q : String((q as { text?: string } | undefined)?.text ?? ""),
      );
      expect(statements.some((q) => q.includes("account_versions"))).toBe(true);
      expect(
        statements.filter((q) => /revenue_buckets|revenue_events|revenue_goals|from "?notifications/.test(q)),
      ).toEqual([]);
    } finally {
      query.mockRestore();
    }
  });

  it("keeps one account's ETags when another account writes", async () => {
    const tags = await etags();
    await credit(t.db, other.user.id, [{ type: "lead", amount: "75.00", at: new Date().toISOString() }]);
    expect(await polls(tags)).toEqual(all(304));
  });

  it.each([
    [
      "revenue",
      () => credit(t.db, owner.user.id, [{ type: "parking", amount: "2.10", at: new Date().toISOString() }]),
    ],
    ["a goal", () => owner.agent.post(REVENUE_PATHS.goals).send({ targetAmount: 500, category: "total" })],
    [
      "a notification",
      () =>
        notify(t.db, {
          userId: owner.user.id,
          kind: "buyer_inquiry",
          title: "Hi",
          body: "A message",
          href: "/domains",
        }),
    ],
    ["a domain", () => owner.agent.post(DOMAIN_PATHS.list).send({ name: `versions-${Date.now()}.com` })],
    [
      "the time zone",
      () => t.db.execute(sql`update users set time_zone = 'Europe/Paris' where id = ${owner.user.id}`),
    ],
  ])(
    "a write of %s raises the version in its transaction, so the next poll of every read is 200",
    async (_what, write) => {
      const tags = await etags();
      const before = await accountVersion(t.db, owner.user.id);
      await write();
      expect(await accountVersion(t.db, owner.user.id)).toBeGreaterThan(before);
      const next = await polls(tags);
      expect(next).toEqual(all(200));
    },
  );

  it("raises nothing for a write rolled back", async () => {
    const before = await accountVersion(t.db, owner.user.id);
    await expect(
      t.db.transaction(async (tx) => {
        await credit(tx, owner.user.id, [{ type: "lead", amount: "75.00", at: new Date().toISOString() }]);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await accountVersion(t.db, owner.user.id)).toBe(before);
  });

  it("refuses a signed-out poll with 401 whatever its ETag", async () => {
    const { default: request } = await import("supertest");
    const res = await request(t.app).get(REVENUE_PATHS.dashboard).set("If-None-Match", 'W/"x.1.1"');
    expect(res.status).toBe(401);
  });
});
