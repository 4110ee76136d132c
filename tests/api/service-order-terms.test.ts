import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBSCRIPTIONS_PATH } from "../../shared/api/billing";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { OFFERS } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import { buyerWithPendingOrder } from "../factories/payments";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 86_400_000;

describe("what a service order says it is", () => {
  it("a monthly offer is named as people write it, billed monthly, and renews a month after today before payment", async () => {
    const { agent } = await signUp(t.app);
    const bought = await agent.post(OFFERS.apiAccess.path).send({ plan: "developer", price: "49" });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);

    const res = await agent.get(pathTo(CHECKOUT_PATHS.serviceOrder, { id: bought.body.orderId }));

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      offerId: "apiAccess",
      serviceType: "api_access",
      name: "API Access",
      billing: "monthly",
      status: "pending",
    });
    const renews = Date.parse(res.body.renewsOn);
    expect(Math.abs(renews - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);
  });

  it("once paid, a monthly order renews at the end of its subscription's period", async () => {
    const { agent } = await signUp(t.app);
    const bought = await agent.post(OFFERS.supportSubscription.path).send({ tier: "vip", price: "179" });
    const orderId = bought.body.orderId as string;
    const paid = await agent.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId }));
    expect(paid.status).toBe(303);

    const order = await agent.get(pathTo(CHECKOUT_PATHS.serviceOrder, { id: orderId }));
    const subscriptions = await agent.get(SUBSCRIPTIONS_PATH);

    expect(order.body).toMatchObject({ status: "paid", name: "Support Subscription", billing: "monthly" });
    expect(subscriptions.status).toBe(200);
    const sub = (subscriptions.body as { currentPeriodEnd: string }[])[0];
    expect(order.body.renewsOn).toBe(new Date(sub.currentPeriodEnd).toISOString());
  });

  it("a one-off offer is billed once and never renews", async () => {
    const { agent, orderId } = await buyerWithPendingOrder(t.app, t.db);

    const res = await agent.get(pathTo(CHECKOUT_PATHS.serviceOrder, { id: orderId }));

    expect(res.body).toMatchObject({
      offerId: "appraisal",
      name: "Professional Appraisal",
      billing: "one-off",
      renewsOn: null,
    });
  });
});
