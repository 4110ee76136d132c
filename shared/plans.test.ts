import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ACCOUNT_PLANS, OFFERS, optionById, PRO_PLAN } from "./catalog";
import { grantsOf } from "./offer-grants";
import { PLANS, planTableMarkdown, planThatLifts, proCardNote } from "./plans";

const between = (text: string, tag: string) => {
  const match = text.match(new RegExp(`<!-- ${tag} -->\\n([\\s\\S]*?)\\n<!-- /${tag} -->`));
  return match?.[1] ?? null;
};

describe("the plan table", () => {
  const readme = readFileSync("docs/plans.md", "utf8");

  it("the plan table of docs/plans.md is the catalogue's own", () => {
    expect(between(readme, "plan-table")).toBe(planTableMarkdown());
    expect(between(readme, "pro-card")).toBe(proCardNote());
  });

  it("every paid plan costs what the account plans of the catalogue say, and each plan lifts the one before", () => {
    for (const plan of PLANS.slice(1)) expect(plan.price).toBe(optionById(ACCOUNT_PLANS, plan.id).price);
    for (let i = 1; i < PLANS.length; i++) {
      for (const key of ["domains", "parkingImportsPerDay", "teamSeats"] as const) {
        const [before, after] = [PLANS[i - 1].limits[key], PLANS[i].limits[key]];
        expect(after === null || (before !== null && after > before), `${PLANS[i].id} ${key}`).toBe(true);
      }
      expect(PLANS[i].securityAddOns).toEqual(expect.arrayContaining([...PLANS[i - 1].securityAddOns]));
    }
  });

  it("names the cheapest plan that lifts a limit", () => {
    expect(planThatLifts("domains", 51)?.id).toBe("pro");
    expect(planThatLifts("domains", 251)?.id).toBe("business");
    expect(planThatLifts("domains", 1_000_000)?.id).toBe("ultimate");
  });

  it("the $49 Pro card and Settings' $29 Pro grant the same plan; the card adds priority support", () => {
    const card = grantsOf("proUpgrade", { planId: PRO_PLAN.planId }).map((g) => g.feature);
    const settings = grantsOf("accountUpgrade", { plan: "pro" }).map((g) => g.feature);
    expect(card.filter((f) => !f.startsWith("support:")).sort()).toEqual(settings.sort());
    expect(card).toContain("support:priority");
    expect(settings.some((f) => f.startsWith("support:"))).toBe(false);
    expect(OFFERS.proUpgrade.price({ planId: PRO_PLAN.planId })).toBe("49.00");
    expect(OFFERS.accountUpgrade.price({ plan: "pro", price: "29.00" })).toBe("29.00");
  });
});
