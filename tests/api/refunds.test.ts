import { sql } from "drizzle-orm";
import type { Agent } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AFFILIATES_PATH } from "../../shared/api/affiliates";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { OFFERS } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import { referralPair } from "../factories/affiliates";
import { insertDomain } from "../factories/domains";
import { heldOf, orderAppraisal } from "../factories/payments";
import { signUp } from "../factories/users";
import {
  paidCheckoutSession,
  paypalWebhook,
  postStripeWebhook,
  signedStripeEvent,
} from "../factories/webhooks";
import type { startFakePayPal } from "../setup/fake-paypal";
import { createTestAppWithPaymentFakes, type TestApp } from "../setup/test-app";

const WEBHOOK_SECRET = "whsec_test_refunds";

let t: TestApp;
let paypalFake: Awaited<ReturnType<typeof startFakePayPal>>;
beforeAll(async () => {
  ({ t, paypalFake } = await createTestAppWithPaymentFakes(WEBHOOK_SECRET));
});
afterAll(() => t.close());

/** Pays an order through Stripe's signed webhook, as Stripe would after a real card payment. */
async function payWithStripe(orderId: string, cents: number): Promise<string> {
  const intent = `pi_${Math.random().toString(36).slice(2)}`;
  const res = await signedStripeEvent(
    t.app,
    WEBHOOK_SECRET,
    "checkout.session.completed",
    paidCheckoutSession(orderId, cents, intent),
  );
  expect(res.status).toBe(200);
  return intent;
}

async function orderState(orderId: string) {
  const { rows } = await t.db.execute<{ status: string; refunded: boolean; service: string | null }>(sql`
    select o.status, o.refunded_at is not null as refunded,
      (select status from domain_services where order_id = o.id) as service
    from service_orders o where o.id = ${orderId}
  `);
  return rows[0];
}

const ledgerCount = async (userId: string) =>
  (await t.db.execute(sql`select 1 from ledger_entries where user_id = ${userId}`)).rows.length;

async function appraisalOf(account: { agent: Agent; user: { id: string } }) {
  const domain = await insertDomain(t.db, account.user.id);
  return orderAppraisal(account.agent, domain.id);
}

describe("a refunded or disputed Stripe payment", () => {
  it("charge.refunded ends the order and reverses the commission it earned, once", async () => {
    const { referrer, referred } = await referralPair(t, 2);
    const orderId = await appraisalOf(referred);
    const intent = await payWithStripe(orderId, 9999);
    expect(await heldOf(t.db, referrer.user.id)).toEqual({ available: "0.00", pending: "7.00" });

    const charge = {
      id: "ch_1",
      object: "charge",
      payment_intent: intent,
      amount: 9999,
      amount_refunded: 9999,
      refunded: true,
    };
    const first = await signedStripeEvent(t.app, WEBHOOK_SECRET, "charge.refunded", charge, {
      id: "evt_refund_1",
    });
    const rows = await ledgerCount(referrer.user.id);
    const replay = await signedStripeEvent(t.app, WEBHOOK_SECRET, "charge.refunded", charge, {
      id: "evt_refund_1",
    });

    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(await orderState(orderId)).toEqual({ status: "refunded", refunded: true, service: "cancelled" });
    expect(await heldOf(t.db, referrer.user.id)).toEqual({ available: "0.00", pending: "0.00" });
    expect(await ledgerCount(referrer.user.id)).toBe(rows);
    const affiliates = await referrer.agent.get(AFFILIATES_PATH);
    expect(affiliates.body[0].totalCommissions).toBe("0.00");
    const { rows: net } = await t.db.execute<{ net: string }>(
      sql`select sum(amount)::text as net from revenue_events where user_id = ${referrer.user.id}`,
    );
    expect(net[0].net).toBe("0.00");
  });

  it("charge.dispute.created does the same, and a later refund event of that payment changes nothing", async () => {
    const { referrer, referred } = await referralPair(t, 2);
    const orderId = await appraisalOf(referred);
    const intent = await payWithStripe(orderId, 9999);

    const dispute = await signedStripeEvent(t.app, WEBHOOK_SECRET, "charge.dispute.created", {
      id: "dp_1",
      object: "dispute",
      payment_intent: intent,
      charge: "ch_2",
      amount: 9999,
    });
    const refund = await signedStripeEvent(t.app, WEBHOOK_SECRET, "charge.refunded", {
      id: "ch_2",
      object: "charge",
      payment_intent: intent,
    });

    expect([dispute.status, refund.status]).toEqual([200, 200]);
    expect(await orderState(orderId)).toMatchObject({ status: "charged_back", service: "cancelled" });
    expect(await heldOf(t.db, referrer.user.id)).toEqual({ available: "0.00", pending: "0.00" });
    const { rows } = await t.db.execute(
      sql`select 1 from ledger_entries where user_id = ${referrer.user.id} and kind = 'reversal'`,
    );
    expect(rows).toHaveLength(1);
  });

  it("takes back an account plan the order set, and a forged signature changes nothing", async () => {
    const buyer = await signUp(t.app);
    const order = await buyer.agent.post(OFFERS.proUpgrade.path).send({ planId: "pro-monthly" });
    expect(order.status).toBe(201);
    const intent = await payWithStripe(order.body.orderId, 4900);
    const planOf = async () =>
      (await t.db.execute<{ plan: string }>(sql`select plan from users where id = ${buyer.user.id}`)).rows[0]
        .plan;
    expect(await planOf()).toBe("pro");

    const forged = await postStripeWebhook(
      t.app,
      JSON.stringify({
        id: "evt_forged",
        type: "charge.refunded",
        data: { object: { payment_intent: intent } },
      }),
      "t=1,v1=forged",
    );
    expect(forged.status).toBe(400);
    expect(await planOf()).toBe("pro");

    await signedStripeEvent(t.app, WEBHOOK_SECRET, "charge.refunded", {
      id: "ch_3",
      object: "charge",
      payment_intent: intent,
    });
    expect(await planOf()).toBe("free");
  });
});

describe("a refunded tier upgrade", () => {
  it("returns the buyer's affiliate rates to their level's", async () => {
    const { referrer } = await referralPair(t, 2);
    const order = await referrer.agent.post(OFFERS.tierUpgrade.path).send({ tier: "gold", price: "299.00" });
    expect(order.status).toBe(201);
    const intent = await payWithStripe(order.body.orderId, 29900);
    const rate = async () => (await referrer.agent.get(AFFILIATES_PATH)).body[0].commissionRate;
    expect(await rate()).toBe(15);

    await signedStripeEvent(t.app, WEBHOOK_SECRET, "charge.refunded", {
      id: "ch_4",
      object: "charge",
      payment_intent: intent,
    });

    expect(await rate()).toBe(7);
  });
});

describe("a refunded PayPal capture", () => {
  it("PAYMENT.CAPTURE.REFUNDED, verified by PayPal, reverses the commission; a replay or a bad signature changes nothing", async () => {
    const { referrer, referred } = await referralPair(t, 2);
    const orderId = await appraisalOf(referred);
    const checkout = await referred.agent
      .post(pathTo(CHECKOUT_PATHS.pay, { id: orderId }))
      .send({ provider: "paypal" });
    const token = new URL(checkout.body.checkoutUrl).searchParams.get("token") ?? "";
    const back = await referred.agent.get(`${CHECKOUT_PATHS.paypalReturn}?order=${orderId}&token=${token}`);
    expect(back.status).toBe(303);
    const captureId = paypalFake.orders.get(token)?.captureId;
    expect(await heldOf(t.db, referrer.user.id)).toEqual({ available: "0.00", pending: "7.00" });

    const event = {
      id: "WH-EVT-REFUND-1",
      event_type: "PAYMENT.CAPTURE.REFUNDED",
      resource: {
        id: "REFUND-1",
        status: "COMPLETED",
        links: [{ rel: "up", href: `https://api.paypal.test/v2/payments/captures/${captureId}` }],
      },
    };
    const forged = await paypalWebhook(t.app, event, "forged");
    expect(forged.status).toBe(400);
    expect(await heldOf(t.db, referrer.user.id)).toEqual({ available: "0.00", pending: "7.00" });

    expect((await paypalWebhook(t.app, event)).status).toBe(200);
    expect((await paypalWebhook(t.app, event)).status).toBe(200);
    expect(await orderState(orderId)).toMatchObject({ status: "refunded", service: "cancelled" });
    expect(await heldOf(t.db, referrer.user.id)).toEqual({ available: "0.00", pending: "0.00" });
    const verified = paypalFake.requests.filter(
      (r) => r.path === "/v1/notifications/verify-webhook-signature",
    );
    expect(verified.at(-1)?.body).toMatchObject({
      webhook_id: paypalFake.env.PAYPAL_WEBHOOK_ID,
      webhook_event: event,
    });
  });

  it("refuses a body that is not a PayPal event with 400", async () => {
    const res = await paypalWebhook(t.app, "not an event");
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
  });
});
