import { sql } from "drizzle-orm";
import request, { type Agent } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paidContext } from "../../server/order-effects/order-effects";
import { recordPayment } from "../../server/payments/record-payment";
import type { TAdminOrder } from "../../shared/api/admin/orders";
import { ADMIN_ORDERS_PATHS } from "../../shared/api/admin/orders";
import { AFFILIATES_PATH } from "../../shared/api/affiliates";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { REVENUE_PATHS } from "../../shared/api/revenue";
import { pathTo } from "../../shared/path-to";
import { referralPair } from "../factories/affiliates";
import { insertDomain } from "../factories/domains";
import { heldOf, orderAppraisal } from "../factories/payments";
import { signInStaff } from "../factories/staff";
import { signUp } from "../factories/users";
import { paidCheckoutSession, paypalWebhook, signedStripeEvent } from "../factories/webhooks";
import type { startFakePayPal } from "../setup/fake-paypal";
import type { startFakeStripe } from "../setup/fake-stripe";
import { createTestAppWithPaymentFakes, type TestApp } from "../setup/test-app";

const WEBHOOK_SECRET = "whsec_test_staff_refunds";
const ID = "00000000-0000-4000-8000-000000000000";

let t: TestApp;
let staff: Awaited<ReturnType<typeof signInStaff>>;
let stripeFake: Awaited<ReturnType<typeof startFakeStripe>>;
let paypalFake: Awaited<ReturnType<typeof startFakePayPal>>;
beforeAll(async () => {
  ({ t, stripeFake, paypalFake } = await createTestAppWithPaymentFakes(WEBHOOK_SECRET));
  staff = await signInStaff(t);
});
afterAll(() => t.close());

async function appraisalOf(account: { agent: Agent; user: { id: string } }) {
  const domain = await insertDomain(t.db, account.user.id);
  return orderAppraisal(account.agent, domain.id);
}

/** Pays a $99.99 appraisal through Stripe's signed webhook and answers its payment intent. */
async function paidWithStripe(account: { agent: Agent; user: { id: string } }) {
  const orderId = await appraisalOf(account);
  const intent = `pi_${Math.random().toString(36).slice(2)}`;
  const res = await signedStripeEvent(
    t.app,
    WEBHOOK_SECRET,
    "checkout.session.completed",
    paidCheckoutSession(orderId, 9999, intent),
  );
  expect(res.status).toBe(200);
  return { orderId, intent };
}

/** Pays a $99.99 appraisal through PayPal's checkout (the fake approves and captures it). */
async function paidWithPayPal(account: { agent: Agent; user: { id: string } }) {
  const orderId = await appraisalOf(account);
  const checkout = await account.agent
    .post(pathTo(CHECKOUT_PATHS.pay, { id: orderId }))
    .send({ provider: "paypal" });
  const token = new URL(checkout.body.checkoutUrl).searchParams.get("token") ?? "";
  const back = await account.agent.get(`${CHECKOUT_PATHS.paypalReturn}?order=${orderId}&token=${token}`);
  expect(back.status).toBe(303);
  return { orderId, captureId: paypalFake.orders.get(token)?.captureId ?? "" };
}

/** Pays a $99.99 appraisal through the sandbox's fulfilment, the path its Pay button takes. */
async function paidInSandbox(account: { agent: Agent; user: { id: string } }) {
  const orderId = await appraisalOf(account);
  const outcome = await recordPayment(
    t.db,
    t.deps.mailer,
    t.deps.logger,
    { orderId, provider: "sandbox", providerPaymentId: `sandbox_${orderId}`, amountPaid: "99.99" },
    paidContext(30),
  );
  expect(outcome).toBe("fulfilled");
  return { orderId };
}

const refund = (orderId: string, body: Record<string, unknown>) =>
  staff.agent.post(pathTo(ADMIN_ORDERS_PATHS.refunds, { id: orderId })).send(body);

/** Everything a refund may touch, to show that a refused one or a late webhook changed nothing. */
async function snapshot(orderId: string, referrerId?: string) {
  const { rows } = await t.db.execute(sql`
    select o.status, o.refunded_at is not null as refunded,
      (select status from domain_services where order_id = o.id) as service,
      (select json_agg(e.status order by e.feature) from entitlements e where e.order_id = o.id) as entitlements,
      (select count(*)::int from order_refunds r where r.order_id = o.id and r.status <> 'failed') as refunds,
      (select count(*)::int from transactions x where x.order_id = o.id) as transactions,
      (select count(*)::int from ledger_entries l where l.user_id = ${referrerId ?? ID}) as ledger,
      (select count(*)::int from account_events a where a.user_id = o.user_id) as events
    from service_orders o where o.id = ${orderId}
  `);
  return { ...rows[0], held: referrerId ? await heldOf(t.db, referrerId) : null };
}

const totalCommissions = async (referrer: { agent: Agent }) =>
  (await referrer.agent.get(AFFILIATES_PATH)).body[0].totalCommissions;

async function mailTo(email: string) {
  const { rows } = await t.db.execute<{ subject: string; body: string }>(
    sql`select subject, body from mail_outbox where "to" = ${email} order by created_at`,
  );
  return rows;
}

describe("the console's orders", () => {
  it("answer 404 to signed-out visitors and to owners who are not staff, and change nothing", async () => {
    const owner = await signUp(t.app);
    const { orderId } = await paidInSandbox(owner);
    const before = await snapshot(orderId);
    for (const [method, path] of [
      ["get", ADMIN_ORDERS_PATHS.list],
      ["post", pathTo(ADMIN_ORDERS_PATHS.refunds, { id: orderId })],
    ] as const) {
      expect((await request(t.app)[method](path).send({ reason: "fraud" })).status, path).toBe(404);
      expect((await owner.agent[method](path).send({ reason: "fraud" })).status, path).toBe(404);
    }
    expect(await snapshot(orderId)).toEqual(before);
  });

  it("finds paid orders by part of the id, the buyer's email or the description, with what was refunded", async () => {
    const buyer = await signUp(t.app);
    const { orderId } = await paidInSandbox(buyer);
    await appraisalOf(buyer); // unpaid: not listed
    const byEmail = await staff.agent
      .get(`${ADMIN_ORDERS_PATHS.list}?q=${buyer.input.email.toUpperCase()}`)
      .expect(200);
    expect(byEmail.body.data).toEqual([
      expect.objectContaining({
        id: orderId,
        buyerEmail: buyer.input.email,
        price: "99.99",
        refunded: "0.00",
        status: "paid",
        provider: "sandbox",
      }),
    ]);
    const byId = await staff.agent.get(`${ADMIN_ORDERS_PATHS.list}?q=${orderId.slice(0, 13)}`).expect(200);
    expect(byId.body.data.map((o: TAdminOrder) => o.id)).toEqual([orderId]);
    const page = await staff.agent.get(`${ADMIN_ORDERS_PATHS.list}?q=appraisal&limit=1`).expect(200);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.nextCursor).toEqual(expect.any(String));
    expect((await staff.agent.get(`${ADMIN_ORDERS_PATHS.list}?cursor=nope`)).status).toBe(400);
  });
});

describe("a staff refund through Stripe", () => {
  it("in part, through the real SDK, takes back exactly its share of the commission and keeps the service; Stripe's webhook changes nothing more", async () => {
    const { referrer, referred } = await referralPair(t, 2);
    const { orderId, intent } = await paidWithStripe(referred);
    expect(await heldOf(t.db, referrer.user.id)).toEqual({ available: "0.00", pending: "7.00" });

    const res = await refund(orderId, { amount: "10.00", reason: "Late delivery" });

    expect(res.status).toBe(201);
    expect(res.body.refund).toMatchObject({ amount: "10.00", provider: "stripe", full: false });
    expect(res.body.order).toMatchObject({ status: "paid", refunded: "10.00" });
    const sent = stripeFake.requests.filter((r) => r.path === "/v1/refunds").at(-1);
    expect(sent?.form).toMatchObject({
      payment_intent: intent,
      amount: "1000",
      "metadata[orderId]": orderId,
    });
    expect(sent?.headers["idempotency-key"]).toBe(`refund-${res.body.refund.id}`);
    expect(res.body.refund.providerRefundId).toBe((stripeFake.refunds.at(-1) as { id: string }).id);
    // 7.00 × 10.00 ÷ 99.99 = 0.70007… → 0.70
    expect(await heldOf(t.db, referrer.user.id)).toEqual({ available: "0.00", pending: "6.30" });
    expect(await totalCommissions(referrer)).toBe("6.30");
    const after = await snapshot(orderId, referrer.user.id);
    expect(after).toMatchObject({
      status: "paid",
      refunded: false,
      service: "active",
      entitlements: ["active"],
    });

    const webhook = await signedStripeEvent(t.app, WEBHOOK_SECRET, "charge.refunded", {
      id: "ch_partial",
      object: "charge",
      payment_intent: intent,
      amount: 9999,
      amount_refunded: 1000,
      refunded: false,
    });
    expect(webhook.status).toBe(200);
    expect(await snapshot(orderId, referrer.user.id)).toEqual(after);
  });

  it("of the rest ends the order and its entitlement and takes back only the rest of the commission", async () => {
    const { referrer, referred } = await referralPair(t, 2);
    const { orderId, intent } = await paidWithStripe(referred);
    await refund(orderId, { amount: "33.33", reason: "Partly delivered" }).expect(201);
    // 7.00 × 33.33 ÷ 99.99 = 2.3333… → 2.33
    expect(await heldOf(t.db, referrer.user.id)).toEqual({ available: "0.00", pending: "4.67" });

    const rest = await refund(orderId, { reason: "Not delivered" });

    expect(rest.status).toBe(201);
    expect(rest.body.refund).toMatchObject({ amount: "66.66", full: true });
    expect(rest.body.order).toMatchObject({ status: "refunded", refunded: "99.99" });
    expect(stripeFake.requests.filter((r) => r.path === "/v1/refunds").at(-1)?.form).toMatchObject({
      payment_intent: intent,
      amount: "6666",
    });
    expect(await heldOf(t.db, referrer.user.id)).toEqual({ available: "0.00", pending: "0.00" });
    expect(await totalCommissions(referrer)).toBe("0.00");
    const after = await snapshot(orderId, referrer.user.id);
    expect(after).toMatchObject({
      status: "refunded",
      refunded: true,
      service: "cancelled",
      entitlements: ["ended"],
    });
    const { rows } = await t.db.execute<{ net: string }>(
      sql`select sum(amount)::text as net from revenue_events where user_id = ${referrer.user.id}`,
    );
    expect(rows[0].net).toBe("0.00");

    const webhook = await signedStripeEvent(t.app, WEBHOOK_SECRET, "charge.refunded", {
      id: "ch_full",
      object: "charge",
      payment_intent: intent,
      amount: 9999,
      amount_refunded: 9999,
      refunded: true,
    });
    expect(webhook.status).toBe(200);
    expect(await snapshot(orderId, referrer.user.id)).toEqual(after);
  });

  it("mails the buyer and shows the refund in their history and activity; the action is audited", async () => {
    const buyer = await signUp(t.app);
    const { orderId } = await paidWithStripe(buyer);

    await refund(orderId, { amount: "20.00", reason: "Goodwill credit" }).expect(201);

    const mail = (await mailTo(buyer.input.email)).at(-1);
    expect(mail?.subject).toMatch(/^Refund: /);
    expect(mail?.body).toContain("We refunded $20.00 of your payment of $99.99");
    expect(mail?.body).toContain("Reason: Goodwill credit");
    const history = await buyer.agent.get(PAYMENT_PATHS.transactions).expect(200);
    expect(history.body[0]).toMatchObject({ type: "refund", amount: "20.00", status: "completed" });
    expect(history.body[0].description).toMatch(/^Refund: /);
    const dashboard = await buyer.agent.get(REVENUE_PATHS.dashboard).expect(200);
    expect(dashboard.body.recentEvents[0]).toMatchObject({ kind: "order_refunded" });
    expect(dashboard.body.recentEvents[0].description).toContain("$20.00");
    const { rows } = await t.db.execute<{ detail: Record<string, unknown> }>(sql`
      select detail from audit_log where user_id = ${staff.user.id} and event = 'staff_action'
      order by created_at desc limit 1
    `);
    expect(rows[0].detail).toMatchObject({
      action: "order.refunded",
      object: { kind: "order", id: orderId },
      amount: "20.00",
      reason: "Goodwill credit",
    });
  });
});

describe("a staff refund through PayPal", () => {
  it("refunds the capture for the amount; PayPal's webhook about that refund changes nothing more", async () => {
    const { referrer, referred } = await referralPair(t, 2);
    const { orderId, captureId } = await paidWithPayPal(referred);

    const res = await refund(orderId, { amount: "49.99", reason: "Half delivered" });

    expect(res.status).toBe(201);
    const made = paypalFake.refunds.at(-1);
    expect(made).toMatchObject({ captureId, amount: "49.99" });
    expect(res.body.refund).toMatchObject({ provider: "paypal", providerRefundId: made?.id, full: false });
    // 7.00 × 49.99 ÷ 99.99 = 3.4996… → 3.50
    expect(await heldOf(t.db, referrer.user.id)).toEqual({ available: "0.00", pending: "3.50" });
    const after = await snapshot(orderId, referrer.user.id);

    const webhook = await paypalWebhook(t.app, {
      id: `WH-${made?.id}`,
      event_type: "PAYMENT.CAPTURE.REFUNDED",
      resource: {
        id: made?.id,
        status: "COMPLETED",
        amount: { currency_code: "USD", value: "49.99" },
        seller_payable_breakdown: { total_refunded_amount: { currency_code: "USD", value: "49.99" } },
        links: [{ rel: "up", href: `https://api.paypal.test/v2/payments/captures/${captureId}` }],
      },
    });
    expect(webhook.status).toBe(200);
    expect(await snapshot(orderId, referrer.user.id)).toEqual(after);
    expect(after).toMatchObject({ status: "paid", service: "active" });
  });

  it("a refusal by PayPal refunds nothing, and the refund can be made once PayPal takes it", async () => {
    const buyer = await signUp(t.app);
    const { orderId, captureId } = await paidWithPayPal(buyer);
    const before = await snapshot(orderId);
    paypalFake.refusedCaptures.add(captureId);

    const refused = await refund(orderId, { reason: "Customer asked" });

    expect(refused.status).toBe(503);
    expect(refused.body.message).toMatch(/nothing was refunded/);
    expect(await snapshot(orderId)).toEqual(before);
    paypalFake.refusedCaptures.delete(captureId);
    const made = await refund(orderId, { reason: "Customer asked" }).expect(201);
    expect(made.body.refund).toMatchObject({ amount: "99.99", full: true });
  });
});

describe("a refund made in the provider's own dashboard", () => {
  it("in part keeps the service and takes back only its share; the rest later ends the order", async () => {
    const { referrer, referred } = await referralPair(t, 2);
    const { orderId, intent } = await paidWithStripe(referred);
    const charge = { id: "ch_dashboard", object: "charge", payment_intent: intent, amount: 9999 };

    const part = await signedStripeEvent(t.app, WEBHOOK_SECRET, "charge.refunded", {
      ...charge,
      amount_refunded: 1000,
      refunded: false,
    });

    expect(part.status).toBe(200);
    // 7.00 × 10.00 ÷ 99.99 = 0.70007… → 0.70
    expect(await heldOf(t.db, referrer.user.id)).toEqual({ available: "0.00", pending: "6.30" });
    const after = await snapshot(orderId, referrer.user.id);
    expect(after).toMatchObject({ status: "paid", service: "active", entitlements: ["active"], refunds: 1 });
    const history = await referred.agent.get(PAYMENT_PATHS.transactions).expect(200);
    expect(history.body[0]).toMatchObject({ type: "refund", amount: "10.00", status: "completed" });
    const listed = await staff.agent.get(`${ADMIN_ORDERS_PATHS.list}?q=${orderId}`).expect(200);
    expect(listed.body.data[0]).toMatchObject({ status: "paid", refunded: "10.00" });

    // Another event that reports no more refunded than is recorded changes nothing.
    await signedStripeEvent(t.app, WEBHOOK_SECRET, "charge.refunded", {
      ...charge,
      amount_refunded: 1000,
      refunded: false,
    }).expect(200);
    expect(await snapshot(orderId, referrer.user.id)).toEqual(after);

    await signedStripeEvent(t.app, WEBHOOK_SECRET, "charge.refunded", {
      ...charge,
      amount_refunded: 9999,
      refunded: true,
    }).expect(200);
    expect(await snapshot(orderId, referrer.user.id)).toMatchObject({
      status: "refunded",
      refunded: true,
      service: "cancelled",
      entitlements: ["ended"],
      held: { available: "0.00", pending: "0.00" },
    });
    expect(await totalCommissions(referrer)).toBe("0.00");
  });

  it("in part through PayPal counts against what staff can still refund", async () => {
    const buyer = await signUp(t.app);
    const { orderId, captureId } = await paidWithPayPal(buyer);

    const webhook = await paypalWebhook(t.app, {
      id: "WH-dashboard-part",
      event_type: "PAYMENT.CAPTURE.REFUNDED",
      resource: {
        id: "REFUND-DASHBOARD-1",
        status: "COMPLETED",
        amount: { currency_code: "USD", value: "25.00" },
        seller_payable_breakdown: { total_refunded_amount: { currency_code: "USD", value: "25.00" } },
        links: [{ rel: "up", href: `https://api.paypal.test/v2/payments/captures/${captureId}` }],
      },
    });

    expect(webhook.status).toBe(200);
    expect(await snapshot(orderId)).toMatchObject({ status: "paid", service: "active", refunds: 1 });
    const over = await refund(orderId, { amount: "80.00", reason: "The rest" });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe("At most $74.99 of this order is left to refund.");
  });
});

describe("a staff refund in the sandbox", () => {
  it("records a refund of its own and ends the order, with no provider asked", async () => {
    const buyer = await signUp(t.app);
    const { orderId } = await paidInSandbox(buyer);
    const asked = stripeFake.requests.length + paypalFake.requests.length;

    const res = await refund(orderId, { reason: "Test order" });

    expect(res.status).toBe(201);
    expect(res.body.refund).toMatchObject({ provider: "sandbox", amount: "99.99", full: true });
    expect(res.body.refund.providerRefundId).toBe(`sandbox_refund_${res.body.refund.id}`);
    expect(stripeFake.requests.length + paypalFake.requests.length).toBe(asked);
    expect(await snapshot(orderId)).toMatchObject({
      status: "refunded",
      service: "cancelled",
      entitlements: ["ended"],
    });
  });
});

describe("a staff refund that cannot be made", () => {
  it("over what is left, of a refunded order, of an unpaid one or with bad input is refused with nothing changed", async () => {
    const { referrer, referred } = await referralPair(t, 2);
    const { orderId } = await paidWithStripe(referred);
    await refund(orderId, { amount: "90.00", reason: "Mostly undelivered" }).expect(201);
    const before = await snapshot(orderId, referrer.user.id);
    const asked = stripeFake.requests.length;

    const over = await refund(orderId, { amount: "10.00", reason: "Too much" });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe("At most $9.99 of this order is left to refund.");
    for (const body of [
      { amount: "0", reason: "Nothing" },
      { amount: "-5.00", reason: "Negative" },
      { amount: "1.234", reason: "Fractions" },
      { amount: "ten", reason: "Words" },
      { amount: 5, reason: "A number" },
      { amount: "5.00" },
      { amount: "5.00", reason: "x" },
    ]) {
      const res = await refund(orderId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await staff.agent.post(`/api/admin/orders/nope/refunds`).send({ reason: "Bad id" })).status).toBe(
      400,
    );
    expect((await refund(ID, { reason: "Unknown order" })).status).toBe(404);
    expect(await snapshot(orderId, referrer.user.id)).toEqual(before);
    expect(stripeFake.requests.length).toBe(asked);

    await refund(orderId, { reason: "The rest" }).expect(201);
    const refunded = await snapshot(orderId, referrer.user.id);
    const again = await refund(orderId, { reason: "Twice" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This order was refunded already.");
    expect(await snapshot(orderId, referrer.user.id)).toEqual(refunded);

    const unpaid = await appraisalOf(referred);
    const pending = await refund(unpaid, { reason: "Not paid" });
    expect(pending.status).toBe(409);
    expect(pending.body.message).toBe("Only a paid order can be refunded.");
    expect(stripeFake.requests.length).toBe(asked + 1);
  });

  it("two refunds at once never take more than was paid", async () => {
    const buyer = await signUp(t.app);
    const { orderId } = await paidWithStripe(buyer);

    const answers = await Promise.all([
      refund(orderId, { amount: "60.00", reason: "First" }),
      refund(orderId, { amount: "60.00", reason: "Second" }),
    ]);

    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    const listed = await staff.agent.get(`${ADMIN_ORDERS_PATHS.list}?q=${orderId}`).expect(200);
    expect(listed.body.data[0]).toMatchObject({ refunded: "60.00", status: "paid" });
  });
});
