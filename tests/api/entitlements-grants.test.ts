import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBSCRIPTIONS_PATH } from "../../shared/api/billing";
import { isOfferKey, OFFER_KEYS, OFFERS, type OfferKey } from "../../shared/catalog";
import { grantsOf, isMonthly, OFFER_BILLING } from "../../shared/offer-grants";
import { addDailyRevenue } from "../factories/analytics";
import { payInSandbox } from "../factories/billing";
import { insertDomain } from "../factories/domains";
import { purchaseBody } from "../factories/purchases";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

/**
 * Every offer an account can hold at once: its plan is one (Business or Pro), so a second plan
 * order supersedes the first; Pro stands for both.
 */
const HELD_TOGETHER = OFFER_KEYS.filter((key) => key !== "accountUpgrade");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Orders every offer of the catalogue once, at its catalogue price, for an account with the
 * revenue history a forecast needs; answers the order ids by offer.
 */
async function orderEverything(account: Awaited<ReturnType<typeof signUp>>) {
  // Listed for sale, so that its marketplace boosters have a listing to place.
  const domain = await insertDomain(t.db, account.user.id, { marketplacePrice: "2500.00" });
  await addDailyRevenue(t.db, account.user.id, 60);
  const orders = new Map<OfferKey, string>();
  for (const key of HELD_TOGETHER) {
    const price = OFFERS[key].quote(purchaseBody(key, domain.id, "0")).price;
    const res = await account.agent.post(OFFERS[key].path).send(purchaseBody(key, domain.id, price));
    expect(res.status, `${key}: ${JSON.stringify(res.body)}`).toBe(201);
    orders.set(key, res.body.orderId);
  }
  return { domain, orders };
}

const expectedFeatures = (domainId: string) =>
  HELD_TOGETHER.flatMap((key) =>
    grantsOf(key, OFFERS[key].quote(purchaseBody(key, domainId, "0")).body).map((g) => g.feature),
  ).sort();

/**
 * What the migration that introduced entitlements granted an order of each offer: an account plan
 * was the plan alone. What a plan includes (support, security add-ons, API calls) belongs to its
 * subscription and is written at the subscription's next change of state (a renewal among them).
 * A Premium Listing was one feature before its tiers differed (`premium-listing`, which the
 * marketplace still places as Featured).
 */
const migratedFeatures = (domainId: string) =>
  expectedFeatures(domainId)
    .map((feature) => (feature.startsWith("premium-listing:") ? "premium-listing" : feature))
    .sort()
    .filter((feature, i, all) => {
      const planInclusions = ["proUpgrade"].flatMap((key) =>
        grantsOf(key, OFFERS[key as OfferKey].quote(purchaseBody(key as OfferKey, domainId, "0")).body)
          .map((g) => g.feature)
          .filter((f) => !f.startsWith("account-plan:")),
      );
      const own = all.slice(0, i).filter((f) => f === feature).length;
      const owed =
        all.filter((f) => f === feature).length - planInclusions.filter((f) => f === feature).length;
      return own < owed;
    });

const featuresOf = async (userId: string) =>
  (
    await t.db.execute<{ feature: string }>(
      sql`select feature from entitlements where user_id = ${userId} order by feature`,
    )
  ).rows.map((r) => r.feature);

describe("what each offer grants", () => {
  it("every offer of the catalogue is billed monthly or one-off and grants at least one feature", () => {
    for (const key of OFFER_KEYS) {
      expect(isOfferKey(key)).toBe(true);
      expect(["monthly", "one-off"]).toContain(OFFER_BILLING[key]);
      const body = OFFERS[key].quote(purchaseBody(key, "00000000-0000-4000-8000-000000000000", "0")).body;
      expect(grantsOf(key, body).length, key).toBeGreaterThan(0);
    }
    expect(OFFER_KEYS.filter(isMonthly).sort()).toEqual(
      [
        "accountUpgrade",
        "apiAccess",
        "marketingTools",
        "premiumAnalytics",
        "proUpgrade",
        "securityUpgrade",
        "supportSubscription",
      ].sort(),
    );
  });

  it("paying every offer in the sandbox grants exactly its features, and a subscription per monthly offer", async () => {
    const buyer = await signUp(t.app);
    const { domain, orders } = await orderEverything(buyer);

    for (const orderId of orders.values()) await payInSandbox(buyer.agent, orderId);

    expect(await featuresOf(buyer.user.id)).toEqual(expectedFeatures(domain.id));
    const subs = (await buyer.agent.get(SUBSCRIPTIONS_PATH)).body as { offer: string }[];
    expect(subs.map((s) => s.offer).sort()).toEqual(HELD_TOGETHER.filter(isMonthly).sort());
  });

  it("the migration grants orders paid before entitlements existed the same features as a payment now", async () => {
    const buyer = await signUp(t.app);
    const { domain, orders } = await orderEverything(buyer);
    await t.db.execute(sql`
      update service_orders set status = 'paid', paid_at = now(), provider = 'stripe'
      where id = any(${sql.param([...orders.values()])}::uuid[])
    `);
    const statements = readFileSync("migrations/0009_subscriptions_entitlements.sql", "utf8").split(
      "--> statement-breakpoint",
    );

    await t.db.execute(sql.raw(statements[statements.length - 1]));

    expect(await featuresOf(buyer.user.id)).toEqual(migratedFeatures(domain.id));
  });
});
