import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveBillingClock } from "../../server/db/billing-clock";
import { runBilling } from "../../server/jobs/billing-jobs";
import { paidContext } from "../../server/order-effects/order-effects";
import { BILLING_PATHS, RECEIPTS_PATH, SUBSCRIPTIONS_PATH } from "../../shared/api/billing";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { ACCOUNT_SETTINGS_PATH } from "../../shared/api/settings";
import { pathTo } from "../../shared/path-to";
import { orderAccountPlan } from "../factories/billing";
import { signUp } from "../factories/users";
import { paypalWebhook } from "../factories/webhooks";
import type { startFakePayPal } from "../setup/fake-paypal";
import { createTestAppWithPayPal, type TestApp } from "../setup/test-app";

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakePayPal>>;
beforeAll(async () => {
  ({ t, fake } = await createTestAppWithPayPal());
});
afterAll(() => t.close());

let sequence = 0;
function paypalEvent(
  type: string,
  resource: Record<string, unknown>,
  options: { signature?: string; id?: string } = {},
) {
  const event = {
    id: options.id ?? `WH-EVT-${++sequence}-${Math.random().toString(36).slice(2)}`,
    event_type: type,
    create_time: new Date(Date.now() + sequence * 1000).toISOString(),
    resource,
  };
  return paypalWebhook(t.app, event, options.signature);
}

/** A buyer who approved a Business plan ($79) subscription on PayPal. */
async function approvedSubscription() {
  const buyer = await signUp(t.app);
  const orderId = await orderAccountPlan(buyer.agent, "business");
  const res = await buyer.agent
    .post(pathTo(CHECKOUT_PATHS.pay, { id: orderId }))
    .send({ provider: "paypal" });
  expect(res.status).toBe(200);
  const remoteId = new URL(res.body.checkoutUrl).searchParams.get("ba_token") ?? "";
  return { buyer, orderId, remoteId, checkoutUrl: res.body.checkoutUrl as string };
}

const sale = (remoteId: string, orderId: string, id = `SALE-${Math.random().toString(36).slice(2)}`) => ({
  id,
  state: "completed",
  amount: { total: "79.00", currency: "USD" },
  billing_agreement_id: remoteId,
  custom: orderId,
});

describe("PayPal Subscriptions", () => {
  it("a monthly offer creates a product and a plan once per option, and a subscription to approve", async () => {
    const first = await approvedSubscription();
    await approvedSubscription();

    expect(first.checkoutUrl).toMatch(/^https:\/\/www\.paypal\.test\/webapps\/billing\/subscriptions/);
    const planCalls = fake.requests.filter((r) => r.path === "/v1/billing/plans");
    expect(planCalls).toHaveLength(1);
    expect(planCalls[0].body).toMatchObject({
      billing_cycles: [
        { frequency: { interval_unit: "MONTH" }, pricing_scheme: { fixed_price: { value: "79.00" } } },
      ],
    });
    expect(fake.subscriptions.get(first.remoteId)?.custom_id).toBe(first.orderId);
  });

  it("the first sale starts the subscription, later sales renew it, a replay changes nothing", async () => {
    const { buyer, orderId, remoteId } = await approvedSubscription();
    expect(
      (await paypalEvent("BILLING.SUBSCRIPTION.ACTIVATED", { id: remoteId, status: "ACTIVE" })).status,
    ).toBe(200);

    expect((await paypalEvent("PAYMENT.SALE.COMPLETED", sale(remoteId, orderId, "SALE-FIRST"))).status).toBe(
      200,
    );
    const [started] = (await buyer.agent.get(SUBSCRIPTIONS_PATH)).body;
    expect(started).toMatchObject({ provider: "paypal", status: "active", amount: "79.00" });
    expect((await buyer.agent.get(ACCOUNT_SETTINGS_PATH)).body.plan).toBe("business");

    const renewal = sale(remoteId, orderId, "SALE-SECOND");
    await paypalEvent("PAYMENT.SALE.COMPLETED", renewal, { id: "WH-RENEWAL-1" });
    await paypalEvent("PAYMENT.SALE.COMPLETED", renewal, { id: "WH-RENEWAL-1" });
    await paypalEvent("PAYMENT.SALE.COMPLETED", renewal);

    const [renewed] = (await buyer.agent.get(SUBSCRIPTIONS_PATH)).body;
    expect(Date.parse(renewed.currentPeriodEnd) - Date.parse(started.currentPeriodEnd)).toBe(30 * 86_400_000);
    expect((await buyer.agent.get(RECEIPTS_PATH)).body).toHaveLength(2);
  });

  it("a failed payment is past due; a cancellation keeps the paid period; cancel and resume suspend and activate at PayPal", async () => {
    const { buyer, orderId, remoteId } = await approvedSubscription();
    await paypalEvent("PAYMENT.SALE.COMPLETED", sale(remoteId, orderId));
    const [sub] = (await buyer.agent.get(SUBSCRIPTIONS_PATH)).body;

    await buyer.agent.post(pathTo(BILLING_PATHS.subscriptionCancel, { id: sub.id }));
    expect(fake.subscriptions.get(remoteId)?.status).toBe("SUSPENDED");
    await buyer.agent.post(pathTo(BILLING_PATHS.subscriptionResume, { id: sub.id }));
    expect(fake.subscriptions.get(remoteId)?.status).toBe("ACTIVE");

    await paypalEvent("BILLING.SUBSCRIPTION.PAYMENT.FAILED", { id: remoteId });
    expect((await buyer.agent.get(SUBSCRIPTIONS_PATH)).body[0].status).toBe("past_due");
    await paypalEvent("BILLING.SUBSCRIPTION.CANCELLED", { id: remoteId });
    const [cancelled] = (await buyer.agent.get(SUBSCRIPTIONS_PATH)).body;
    expect(cancelled.cancelAtPeriodEnd).toBe(true);
    await paypalEvent("BILLING.SUBSCRIPTION.EXPIRED", { id: remoteId });
    expect((await buyer.agent.get(SUBSCRIPTIONS_PATH)).body[0].status).toBe("canceled");
    expect((await buyer.agent.get(ACCOUNT_SETTINGS_PATH)).body.plan).toBe("free");
  });

  it("cancelled at period end, it is suspended at PayPal, then cancelled there when the period is over", async () => {
    const { buyer, orderId, remoteId } = await approvedSubscription();
    await paypalEvent("PAYMENT.SALE.COMPLETED", sale(remoteId, orderId));
    const [sub] = (await buyer.agent.get(SUBSCRIPTIONS_PATH)).body;
    await buyer.agent.post(pathTo(BILLING_PATHS.subscriptionCancel, { id: sub.id }));
    expect(fake.subscriptions.get(remoteId)?.status).toBe("SUSPENDED");

    await moveBillingClock(t.db, 31 * 86_400);
    const { mailer, logger, payments } = t.deps;
    await runBilling({
      db: t.db,
      mailer,
      logger,
      paypal: payments.paypal,
      appUrl: "https://parkpilot.test",
      paid: paidContext(30),
    });

    expect(fake.subscriptions.get(remoteId)?.status).toBe("CANCELLED");
    expect((await buyer.agent.get(SUBSCRIPTIONS_PATH)).body[0].status).toBe("canceled");
  });

  it("an event whose signature PayPal does not verify is refused with 400 and changes nothing", async () => {
    const { buyer, orderId, remoteId } = await approvedSubscription();

    const res = await paypalEvent("PAYMENT.SALE.COMPLETED", sale(remoteId, orderId), { signature: "forged" });

    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
    expect((await buyer.agent.get(SUBSCRIPTIONS_PATH)).body).toEqual([]);
    expect((await buyer.agent.get(ACCOUNT_SETTINGS_PATH)).body.plan).toBe("free");
  });
});
