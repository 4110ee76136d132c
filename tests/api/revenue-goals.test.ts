import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { REVENUE_PATHS, type TGoal, ZGoal } from "../../shared/api/revenue";
import { pathTo } from "../../shared/path-to";
import { revenueGoals } from "../../shared/schema";
import { credit } from "../factories/revenue";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

/** Wednesday 13 May 2026, 09:00 in Los Angeles (UTC-07:00 in summer time). */
const NOW = "2026-05-13T09:00:00-07:00";

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, { timeZone: "America/Los_Angeles" });
  other = await signUp(t.app, { timeZone: "America/Los_Angeles" });
  await credit(t.db, owner.user.id, [
    { type: "parking", amount: "40.00", at: "2026-05-11T00:00:00-07:00" }, // Monday: this week
    { type: "parking", amount: "9.99", at: "2026-05-10T23:59:00-07:00" }, // Sunday: last week
    { type: "marketplace", amount: "1200.00", at: "2026-05-01T00:30:00-07:00" }, // this month
    { type: "affiliate", amount: "12.50", at: "2026-04-30T23:30:00-07:00" }, // last month, this quarter
    { type: "affiliate", amount: "7.50", at: "2026-03-31T23:30:00-07:00" }, // last quarter, this year
    { type: "lead", amount: "75.00", at: "2026-05-13T08:00:00-07:00" }, // today
    { type: "parking", amount: "100.00", at: "2025-12-31T23:00:00-08:00" }, // last year
  ]);
  await credit(t.db, other.user.id, [{ type: "parking", amount: "500.00", at: "2026-05-12T10:00:00-07:00" }]);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

function pinClock() {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
}

async function createGoal(body: Record<string, unknown>, agent = owner.agent): Promise<TGoal> {
  const res = await agent.post(REVENUE_PATHS.goals).send(body);
  expect(res.status).toBe(201);
  return ZGoal.parse(res.body);
}

const goalCount = async (userId: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(revenueGoals)
      .where(eq(revenueGoals.userId, userId))
  )[0].n;

describe("revenue goals", () => {
  it("measures each goal against the real revenue of its category within its timeframe", async () => {
    pinClock();
    // This week from Monday: 40.00 + 75.00.
    const weekly = await createGoal({ targetAmount: 230, timeframe: "weekly", category: "total" });
    expect(weekly).toMatchObject({ targetAmount: "230.00", currentAmount: "115.00", progressPercent: 50 });
    expect(weekly.periodStart).toBe("2026-05-11T07:00:00.000Z");
    expect(weekly.periodEnd).toBe("2026-05-18T07:00:00.000Z");

    // May parking: only Monday's 40.00 (Sunday's 9.99 is May too).
    const parking = await createGoal({ targetAmount: "99.98", timeframe: "monthly", category: "parking" });
    expect(parking).toMatchObject({ currentAmount: "49.99", progressPercent: 50 });

    // Over target: progress is not capped.
    const marketplace = await createGoal({
      targetAmount: "1000",
      timeframe: "monthly",
      category: "marketplace",
    });
    expect(marketplace).toMatchObject({ currentAmount: "1200.00", progressPercent: 120 });

    // April to June: 12.50; not March's 7.50.
    const quarterly = await createGoal({ targetAmount: 50, timeframe: "quarterly", category: "affiliate" });
    expect(quarterly).toMatchObject({ currentAmount: "12.50", progressPercent: 25 });

    // 2026: everything but last year's 100.00 and the other user's 500.00.
    const yearly = await createGoal({ targetAmount: 10_000, timeframe: "yearly", category: "total" });
    expect(yearly.currentAmount).toBe("1344.99");
    expect(yearly.progressPercent).toBe(13.4);

    const list = await owner.agent.get(REVENUE_PATHS.goals);
    expect(list.status).toBe(200);
    expect(list.body.map((g: TGoal) => g.id).sort()).toEqual(
      [weekly, parking, marketplace, quarterly, yearly].map((g) => g.id).sort(),
    );
    expect(list.body.find((g: TGoal) => g.id === weekly.id)).toEqual(weekly);
  });

  it("defaults the timeframe to monthly", async () => {
    const goal = await createGoal({ targetAmount: 10, category: "total" }, other.agent);
    expect(goal.timeframe).toBe("monthly");
  });

  it.each([
    [{ targetAmount: 100, timeframe: "monthly" }, /Invalid input/],
    [{ category: "total" }, /Invalid input/],
    [{ targetAmount: 100 }, /Please select a goal type\./],
    [{ targetAmount: " ", category: "total" }, /Please enter an amount\./],
    [{ targetAmount: "abc", category: "total" }, /dollars and cents/],
    [{ targetAmount: 0, category: "total" }, /more than \$0/],
    [{ targetAmount: -5, category: "total" }, /dollars and cents/],
    [{ targetAmount: 100, category: "lead" }, /Invalid input/],
    [{ targetAmount: 100, category: "total", timeframe: "daily" }, /Invalid input/],
  ])("refuses %j with a 400 message and stores nothing", async (body, message) => {
    const user = await signUp(t.app);
    const res = await user.agent.post(REVENUE_PATHS.goals).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await goalCount(user.user.id)).toBe(0);
  });

  it("keeps goals private: another user's goal is neither listed nor removable", async () => {
    const mine = await createGoal({ targetAmount: 5, category: "parking" });
    const theirs = await other.agent.get(REVENUE_PATHS.goals);
    expect(theirs.body.map((g: TGoal) => g.id)).not.toContain(mine.id);
    const removal = await other.agent.delete(pathTo(REVENUE_PATHS.goal, { id: mine.id }));
    expect(removal.status).toBe(404);
    expect(removal.body.message).toBe("Goal not found");
    const [row] = await t.db.select().from(revenueGoals).where(eq(revenueGoals.id, mine.id));
    expect(row).toBeTruthy();
  });

  it("removes the user's own goal", async () => {
    const goal = await createGoal({ targetAmount: 5, category: "affiliate" });
    const res = await owner.agent.delete(pathTo(REVENUE_PATHS.goal, { id: goal.id }));
    expect(res.status).toBe(204);
    const [row] = await t.db.select().from(revenueGoals).where(eq(revenueGoals.id, goal.id));
    expect(row).toBeUndefined();
  });

  it("stops at 20 goals with a 409 message", async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 20; i++) await createGoal({ targetAmount: i + 1, category: "total" }, user.agent);
    const res = await user.agent.post(REVENUE_PATHS.goals).send({ targetAmount: 50, category: "total" });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/up to 20 goals/);
    expect(await goalCount(user.user.id)).toBe(20);
  });

  it("refuses a signed-out visitor with 401", async () => {
    const res = await request(t.app).post(REVENUE_PATHS.goals).send({ targetAmount: 5, category: "total" });
    expect(res.status).toBe(401);
    expect((await request(t.app).get(REVENUE_PATHS.goals)).status).toBe(401);
  });

  it("refuses a signed-out visitor with 401 before reading a malformed body", async () => {
    const res = await request(t.app).post(REVENUE_PATHS.goals).send({ targetAmount: "lots" });
    expect(res.status).toBe(401);
  });
});
