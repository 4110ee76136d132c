import { describe, expect, it } from "vitest";
import { ANALYTICS_TIERS, analyticsTierOf, tierForHistory } from "./analytics-plans";
import { ANALYTICS_PLANS } from "./prices";

const held = (...features: string[]) => features.map((feature) => ({ feature }));

describe("analytics tiers", () => {
  it("gives a user without an analytics entitlement the free 7 days, no export and no breakdowns", () => {
    expect(analyticsTierOf(held("account-plan:business"))).toMatchObject({
      id: "free",
      historyDays: 7,
      exports: false,
      breakdowns: false,
    });
  });

  it("gives the highest tier held when several are", () => {
    expect(analyticsTierOf(held("marketing-tool:analytics-pro", "premium-analytics:business")).id).toBe(
      "business",
    );
    expect(analyticsTierOf(held("premium-analytics:enterprise", "premium-analytics:pro")).id).toBe(
      "enterprise",
    );
    expect(analyticsTierOf(held("marketing-tool:analytics-pro")).id).toBe("analytics-pro");
  });

  it("prices each plan as the catalogue does and lengthens history plan by plan", () => {
    for (const plan of ANALYTICS_PLANS) {
      expect(ANALYTICS_TIERS.find((t) => t.id === plan.id)?.price).toBe(plan.price);
    }
    expect(ANALYTICS_TIERS.map((t) => t.historyDays)).toEqual([7, 7, 90, 365, 730]);
  });

  it("names the cheapest plan that covers a history", () => {
    expect(tierForHistory(30)?.id).toBe("pro");
    expect(tierForHistory(90)?.id).toBe("pro");
    expect(tierForHistory(365)?.id).toBe("business");
    expect(tierForHistory(730)?.id).toBe("enterprise");
    expect(tierForHistory(731)).toBeUndefined();
  });
});
