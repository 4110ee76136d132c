import { eq } from "drizzle-orm";
import type { Agent } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { OFFERS } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import { serviceOrders, subscriptions } from "../../shared/schema";
import { orderAccountPlan, payInSandbox, sweepAMonthLater } from "../factories/billing";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

/** What is sold once is not sold twice: one live subscription per offer, one-time tiers once (docs/money.md#one-purchase-of-each). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const orderPro = async (agent: Agent) => agent.post(OFFERS.proUpgrade.path).send({ planId: "pro-monthly" });
const statusOf = async (orderId: string) =>
  (
    await t.db
      .select({ status: serviceOrders.status })
      .from(serviceOrders)
      .where(eq(serviceOrders.id, orderId))
  )[0].status;
const subscriptionsOf = (userId: string) =>
  t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));

describe("a subscription", () => {
  it("is bought once: a newer order supersedes the unpaid one, a second purchase is refused naming the first, and only one renews", async () => {
    const { agent, user } = await signUp(t.app);
    const first = await orderPro(agent);
    const second = await orderPro(agent);
    expect(await statusOf(first.body.orderId)).toBe("cancelled");
    await payInSandbox(agent, second.body.orderId);

    const again = await orderPro(agent);
    const late = await agent.post(
      `${pathTo(CHECKOUT_PATHS.sandboxPay, { id: first.body.orderId })}?provider=stripe`,
    );

    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^You already subscribe to .* \(renews on \d{4}-\d{2}-\d{2}\)/);
    expect(late.status).toBe(409);
    // The account plan bought through the other offer is the same thing: refused too.
    expect(
      (await agent.post(OFFERS.accountUpgrade.path).send({ plan: "business", price: "79.00" })).status,
    ).toBe(409);
    await sweepAMonthLater(t);
    const renewals = await t.db.select().from(serviceOrders).where(eq(serviceOrders.userId, user.id));
    expect(renewals.filter((o) => o.status === "paid")).toHaveLength(2);
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
  });

  it("of another option of the same offer is changed, not bought again, and the buyer is sent to Billing", async () => {
    const { agent, user } = await signUp(t.app);
    await payInSandbox(agent, await orderAccountPlan(agent, "business"));

    const upgrade = await agent.post(OFFERS.accountUpgrade.path).send({ plan: "ultimate", price: "399.00" });

    expect(upgrade.status).toBe(201);
    expect(upgrade.body.checkoutUrl).toBe("/settings#billing");
    const subs = await subscriptionsOf(user.id);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ amount: "399.00", status: "active" });
  });
});

describe("a one-time tier or course", () => {
  it("is not sold again, nor a tier at or below the one held; a higher tier is", async () => {
    const { agent } = await signUp(t.app);
    const gold = await agent.post(OFFERS.tierUpgrade.path).send({ tier: "gold", price: "299.00" });
    await payInSandbox(agent, gold.body.orderId);

    const again = await agent.post(OFFERS.tierUpgrade.path).send({ tier: "gold", price: "299.00" });
    const lower = await agent.post(OFFERS.tierUpgrade.path).send({ tier: "silver", price: "99.00" });
    const higher = await agent.post(OFFERS.tierUpgrade.path).send({ tier: "platinum", price: "599.00" });

    expect([again.status, lower.status, higher.status]).toEqual([409, 409, 201]);
    expect(again.body.message).toBe("You have this already: it is yours for good, and is not sold twice.");
  });

  it("a course bought is not sold twice; another course is", async () => {
    const { agent } = await signUp(t.app);
    const course = { courseId: "email-marketing", price: "247.00" };
    await payInSandbox(agent, (await agent.post(OFFERS.trainingCourse.path).send(course)).body.orderId);

    const again = await agent.post(OFFERS.trainingCourse.path).send(course);
    const other = await agent
      .post(OFFERS.trainingCourse.path)
      .send({ courseId: "affiliate-mastery", price: "297.00" });

    expect([again.status, other.status]).toEqual([409, 201]);
  });
});
