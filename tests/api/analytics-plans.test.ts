import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ANALYTICS_ACCESS_PATH,
  ANALYTICS_BREAKDOWNS_PATH,
  ANALYTICS_EXPORT_PATH,
  ANALYTICS_MONTHS_PATH,
  ANALYTICS_PATH,
} from "../../shared/api/analytics";
import { OFFERS } from "../../shared/catalog";
import { ANALYTICS_PLANS } from "../../shared/prices";
import { grantAnalytics } from "../factories/analytics";
import { payInSandbox } from "../factories/billing";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Tier = "free" | "analytics-pro" | "pro" | "business" | "enterprise";

async function userOn(tier: Tier) {
  const user = await signUp(t.app, { timeZone: "UTC" });
  if (tier !== "free") await grantAnalytics(t.db, user.user.id, tier);
  return user;
}

/** Each tier: the last range it opens and the first it is refused (null: none refused). */
const BOUNDARIES: [Tier, string, string | null, number][] = [
  ["free", "7d", "30d", 7],
  ["analytics-pro", "7d", "30d", 7],
  ["pro", "90d", "1y", 90],
  ["business", "1y", "2y", 365],
  ["enterprise", "2y", null, 730],
];

describe("analytics history per plan", () => {
  it.each(BOUNDARIES)(
    "%s opens %s and is refused the next range with 403 PLAN_REQUIRED",
    async (tier, last, refused, days) => {
      const { agent } = await userOn(tier);

      const open = await agent.get(`${ANALYTICS_PATH}?range=${last}`);
      expect(open.status).toBe(200);
      expect(open.body.days).toHaveLength(days);

      if (refused) {
        const denied = await agent.get(`${ANALYTICS_PATH}?range=${refused}`);
        expect(denied.status).toBe(403);
        expect(denied.body.code).toBe("PLAN_REQUIRED");
        expect(denied.body.message).toMatch(/analytics plan/);
      }
      const access = await agent.get(ANALYTICS_ACCESS_PATH);
      expect(access.status).toBe(200);
      expect(access.body).toMatchObject({ tier, historyDays: days });
      expect(access.body.ranges.at(-1)).toBe(last);
    },
  );

  it("names the cheapest plan that would open a refused range", async () => {
    const { agent } = await userOn("free");
    expect((await agent.get(`${ANALYTICS_PATH}?range=90d`)).body.message).toMatch(/Pro analytics plan/);
    expect((await agent.get(`${ANALYTICS_PATH}?range=1y`)).body.message).toMatch(/Business analytics plan/);
    expect((await agent.get(`${ANALYTICS_PATH}?range=2y`)).body.message).toMatch(/Enterprise analytics plan/);
  });

  it("a user holding two plans gets the longer history", async () => {
    const { agent, user } = await userOn("pro");
    await grantAnalytics(t.db, user.id, "enterprise");
    expect((await agent.get(`${ANALYTICS_PATH}?range=2y`)).status).toBe(200);
  });
});

describe("exports and breakdowns per plan", () => {
  it("a free account is refused the CSV export and every breakdown with PLAN_REQUIRED", async () => {
    const { agent } = await userOn("free");
    for (const path of [
      `${ANALYTICS_EXPORT_PATH}?range=7d`,
      `${ANALYTICS_EXPORT_PATH}?range=7d&table=domains`,
      `${ANALYTICS_BREAKDOWNS_PATH}?range=7d`,
      ANALYTICS_MONTHS_PATH,
    ]) {
      const res = await agent.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body.code, path).toBe("PLAN_REQUIRED");
    }
  });

  it.each(["analytics-pro", "pro", "business", "enterprise"] as const)(
    "%s may export and open the breakdowns within its history",
    async (tier) => {
      const { agent } = await userOn(tier);
      expect((await agent.get(`${ANALYTICS_EXPORT_PATH}?range=7d`)).status).toBe(200);
      expect((await agent.get(`${ANALYTICS_EXPORT_PATH}?range=7d&table=months`)).status).toBe(200);
      expect((await agent.get(`${ANALYTICS_BREAKDOWNS_PATH}?range=7d`)).status).toBe(200);
      expect((await agent.get(ANALYTICS_MONTHS_PATH)).status).toBe(200);
    },
  );

  it("the Analytics Pro tool's breakdowns stay within the free history", async () => {
    const { agent } = await userOn("analytics-pro");
    const res = await agent.get(`${ANALYTICS_BREAKDOWNS_PATH}?range=30d`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("PLAN_REQUIRED");
  });

  it("answers 401 to a signed-out visitor", async () => {
    expect((await request(t.app).get(ANALYTICS_ACCESS_PATH)).status).toBe(401);
    expect((await request(t.app).get(ANALYTICS_BREAKDOWNS_PATH)).status).toBe(401);
  });
});

describe("buying a plan", () => {
  it("paying for the Business plan in the sandbox opens a year of history at once", async () => {
    const { agent } = await userOn("free");
    expect((await agent.get(`${ANALYTICS_PATH}?range=1y`)).status).toBe(403);
    const price = ANALYTICS_PLANS.find((p) => p.id === "business")?.price;
    const order = await agent.post(OFFERS.premiumAnalytics.path).send({ plan: "business", price });
    expect(order.status).toBe(201);

    await payInSandbox(agent, order.body.orderId);

    expect((await agent.get(`${ANALYTICS_PATH}?range=1y`)).status).toBe(200);
    expect((await agent.get(ANALYTICS_ACCESS_PATH)).body.tier).toBe("business");
  });
});
