import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BILLING_PATHS,
  BILLING_PORTAL_PATH,
  RECEIPTS_PATH,
  SUBSCRIPTIONS_PATH,
} from "../../shared/api/billing";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { ACCOUNT_SETTINGS_PATH } from "../../shared/api/settings";
import { pathTo } from "../../shared/path-to";
import { mailOutbox } from "../../shared/schema";
import { referralPair } from "../factories/affiliates";
import { orderAccountPlan } from "../factories/billing";
import { signUp } from "../factories/users";
import { signedStripeEvent } from "../factories/webhooks";
import { fakeSubscription, type startFakeStripe } from "../setup/fake-stripe";
import { createTestAppWithStripe, type TestApp } from "../setup/test-app";

const WEBHOOK_SECRET = "whsec_test_secret";
const DAY = 86_400;

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
beforeAll(async () => {
  ({ t, fake } = await createTestAppWithStripe(WEBHOOK_SECRET));
});
afterAll(() => t.close());

let sequence = 0;
/** Delivers a signed event, `created` seconds after now (Stripe's own ordering key). */
function deliver(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; created?: number } = {},
) {
  const id = options.id ?? `evt_${++sequence}_${Math.random().toString(36).slice(2)}`;
  const created = Math.floor(Date.now() / 1000) + (options.created ?? sequence);
  return signedStripeEvent(t.app, WEBHOOK_SECRET, type, object, { id, created });
}

/** A referred buyer (level 3: 10%) subscribed to the Business plan ($79) through Stripe Checkout. */
async function subscribedBuyer() {
  const { referrer, referred: buyer } = await referralPair(t, 3);
  const orderId = await orderAccountPlan(buyer.agent, "business");
  const checkout = await buyer.agent
    .post(pathTo(CHECKOUT_PATHS.pay, { id: orderId }))
    .send({ provider: "stripe" });
  expect(checkout.status).toBe(200);
  const remoteId = `sub_${Math.random().toString(36).slice(2, 14)}`;
  fake.subscriptions.set(remoteId, fakeSubscription(remoteId));
  const res = await deliver("checkout.session.completed", {
    id: `cs_${remoteId}`,
    object: "checkout.session",
    mode: "subscription",
    client_reference_id: orderId,
    metadata: { orderId },
    payment_status: "paid",
    currency: "usd",
    amount_total: 7900,
    subscription: remoteId,
    customer: `cus_${remoteId}`,
    invoice: `in_first_${remoteId}`,
  });
  expect(res.status).toBe(200);
  const [sub] = (await buyer.agent.get(SUBSCRIPTIONS_PATH)).body;
  return { referrer, buyer, orderId, remoteId, sub };
}

const invoice = (remoteId: string, overrides: Record<string, unknown> = {}) => {
  const start = Math.floor(Date.now() / 1000) + 30 * DAY;
  return {
    id: `in_${Math.random().toString(36).slice(2)}`,
    object: "invoice",
    billing_reason: "subscription_cycle",
    amount_paid: 7900,
    parent: { type: "subscription_details", subscription_details: { subscription: remoteId } },
    payment_intent: `pi_${Math.random().toString(36).slice(2)}`,
    lines: { object: "list", data: [{ period: { start, end: start + 30 * DAY } }] },
    ...overrides,
  };
};

const heldCommission = async (userId: string) =>
  (
    await t.db.execute<{ total: string }>(sql`
      select coalesce(sum(amount), 0)::text as total from ledger_entries where user_id = ${userId} and kind in ('commission', 'reversal')
    `)
  ).rows[0].total;

describe("Stripe Billing through the real SDK", () => {
  it("a monthly offer opens Checkout in subscription mode with a monthly price of the catalogue amount", async () => {
    const { agent } = await signUp(t.app);
    const orderId = await orderAccountPlan(agent, "pro");

    const res = await agent.post(pathTo(CHECKOUT_PATHS.pay, { id: orderId })).send({ provider: "stripe" });

    expect(res.status).toBe(200);
    const sent = fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1);
    expect(sent?.form).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][unit_amount]": "2900",
      "line_items[0][price_data][recurring][interval]": "month",
      "subscription_data[metadata][orderId]": orderId,
    });
  });

  it("the completed Checkout starts the subscription with Stripe's period and grants the plan", async () => {
    const { buyer, remoteId, sub } = await subscribedBuyer();

    expect(sub).toMatchObject({ provider: "stripe", status: "active", amount: "79.00" });
    const remote = fake.subscriptions.get(remoteId);
    expect(sub.currentPeriodEnd).toBe(
      new Date((remote?.items.data[0].current_period_end ?? 0) * 1000).toISOString(),
    );
    expect((await buyer.agent.get(ACCOUNT_SETTINGS_PATH)).body.plan).toBe("business");
  });

  it("a renewal invoice paid twice is one receipt, extends the period and earns the referrer a held commission once", async () => {
    const { referrer, buyer, remoteId } = await subscribedBuyer();
    const renewal = invoice(remoteId);
    const before = await heldCommission(referrer.user.id);

    for (const id of ["evt_renew_a", "evt_renew_a", undefined]) {
      const res = await deliver("invoice.paid", renewal, id ? { id: `${id}_${remoteId}` } : {});
      expect(res.status).toBe(200);
    }

    const receipts = (await buyer.agent.get(RECEIPTS_PATH)).body;
    expect(receipts).toHaveLength(2);
    const [sub] = (await buyer.agent.get(SUBSCRIPTIONS_PATH)).body;
    expect(sub.currentPeriodEnd).toBe(new Date(renewal.lines.data[0].period.end * 1000).toISOString());
    expect(Number(await heldCommission(referrer.user.id)) - Number(before)).toBeCloseTo(7.9, 2);

    // A refunded renewal reverses its commission.
    const refund = await deliver("charge.refunded", {
      id: "ch_renewal",
      object: "charge",
      payment_intent: renewal.payment_intent,
    });
    expect(refund.status).toBe(200);
    expect(Number(await heldCommission(referrer.user.id))).toBeCloseTo(Number(before), 2);
    // The refunded month is not granted: the plan ends, and cancel/resume cannot bring it back.
    const [refunded] = (await buyer.agent.get(SUBSCRIPTIONS_PATH)).body;
    expect(refunded.status).toBe("lapsed");
    expect((await buyer.agent.get(ACCOUNT_SETTINGS_PATH)).body.plan).toBe("free");
    expect(
      (await buyer.agent.post(pathTo(BILLING_PATHS.subscriptionResume, { id: refunded.id }))).status,
    ).toBe(409);
  });

  it("an invoice sent without its payments is read again with them, so a refund of that renewal finds it", async () => {
    const { referrer, remoteId } = await subscribedBuyer();
    const before = await heldCommission(referrer.user.id);
    const { payment_intent: _, ...bare } = invoice(remoteId);
    fake.invoices.set(bare.id, {
      ...bare,
      payments: {
        object: "list",
        data: [{ payment: { type: "payment_intent", payment_intent: "pi_expanded_renewal" } }],
      },
    });

    await deliver("invoice.paid", bare);
    expect(Number(await heldCommission(referrer.user.id)) - Number(before)).toBeCloseTo(7.9, 2);
    await deliver("charge.refunded", {
      id: "ch_expanded",
      object: "charge",
      payment_intent: "pi_expanded_renewal",
    });

    expect(Number(await heldCommission(referrer.user.id))).toBeCloseTo(Number(before), 2);
    const read = fake.requests.find((r) => r.path === `/v1/invoices/${bare.id}`);
    expect(read?.method).toBe("GET");
  });

  it("an older subscription update delivered late never overwrites a newer one", async () => {
    const { buyer, remoteId } = await subscribedBuyer();
    const remote = { ...fakeSubscription(remoteId) };

    await deliver(
      "customer.subscription.updated",
      { ...remote, cancel_at_period_end: true },
      { created: 200 },
    );
    await deliver(
      "customer.subscription.updated",
      { ...remote, cancel_at_period_end: false },
      { created: 100 },
    );

    const [sub] = (await buyer.agent.get(SUBSCRIPTIONS_PATH)).body;
    expect(sub.cancelAtPeriodEnd).toBe(true);
  });

  it("a failed payment is past due with an email and the plan kept; deletion ends the plan", async () => {
    const { buyer, remoteId } = await subscribedBuyer();

    await deliver(
      "invoice.payment_failed",
      invoice(remoteId, { hosted_invoice_url: "https://invoice.stripe.test/i/1" }),
    );

    const [pastDue] = (await buyer.agent.get(SUBSCRIPTIONS_PATH)).body;
    expect(pastDue.status).toBe("past_due");
    expect(pastDue.graceEndsAt).not.toBeNull();
    expect((await buyer.agent.get(ACCOUNT_SETTINGS_PATH)).body.plan).toBe("business");
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.user.email));
    expect(mails.some((m) => m.body.includes("https://invoice.stripe.test/i/1"))).toBe(true);

    await deliver("customer.subscription.deleted", { ...fakeSubscription(remoteId), status: "canceled" });

    const [ended] = (await buyer.agent.get(SUBSCRIPTIONS_PATH)).body;
    expect(ended.status).toBe("canceled");
    expect((await buyer.agent.get(ACCOUNT_SETTINGS_PATH)).body.plan).toBe("free");
  });

  it("cancel and resume are sent to Stripe; the Customer Portal opens for the customer", async () => {
    const { buyer, remoteId, sub } = await subscribedBuyer();

    const cancelled = await buyer.agent.post(pathTo(BILLING_PATHS.subscriptionCancel, { id: sub.id }));

    expect(cancelled.body.cancelAtPeriodEnd).toBe(true);
    expect(fake.subscriptions.get(remoteId)?.cancel_at_period_end).toBe(true);
    await buyer.agent.post(pathTo(BILLING_PATHS.subscriptionResume, { id: sub.id }));
    expect(fake.subscriptions.get(remoteId)?.cancel_at_period_end).toBe(false);

    const portal = await buyer.agent.post(BILLING_PORTAL_PATH);
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const sent = fake.requests.filter((r) => r.path === "/v1/billing_portal/sessions").at(-1);
    expect(sent?.form.customer).toBe(`cus_${remoteId}`);
  });

  it("a change of option is sent to Stripe to prorate", async () => {
    const { buyer, remoteId, sub } = await subscribedBuyer();

    const res = await buyer.agent
      .post(pathTo(BILLING_PATHS.subscriptionChange, { id: sub.id }))
      .send({ request: { plan: "enterprise", price: "199.00" } });

    expect(res.status).toBe(200);
    expect(res.body.amount).toBe("199.00");
    const sent = fake.requests
      .filter((r) => r.path === `/v1/subscriptions/${remoteId}` && r.method === "POST")
      .at(-1);
    expect(sent?.form).toMatchObject({
      proration_behavior: "create_prorations",
      "items[0][price_data][unit_amount]": "19900",
    });
  });
});
