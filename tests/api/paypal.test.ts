import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { pathTo } from "../../shared/path-to";
import { balances, payouts, serviceOrders, transactions } from "../../shared/schema";
import { buyerWithPendingOrder, fundBalance, givePayoutHistory, signTaxForm } from "../factories/payments";
import { signUp } from "../factories/users";
import type { startFakePayPal } from "../setup/fake-paypal";
import { createTestApp, createTestAppWithPayPal, type TestApp } from "../setup/test-app";

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakePayPal>>;
beforeAll(async () => {
  ({ t, fake } = await createTestAppWithPayPal());
});
afterAll(() => t.close());

const orderRow = async (id: string) =>
  (await t.db.select().from(serviceOrders).where(eq(serviceOrders.id, id)))[0];
const lastRequest = (path: string) => fake.requests.filter((r) => r.path === path).at(-1);

describe("PayPal checkout (Orders v2)", () => {
  it("creates an order for the catalogue price with a request id and answers PayPal's approval link", async () => {
    const { agent, orderId } = await buyerWithPendingOrder(t.app, t.db);

    const res = await agent.post(pathTo(CHECKOUT_PATHS.pay, { id: orderId })).send({ provider: "paypal" });

    expect(res.status).toBe(200);
    expect(res.body.checkoutUrl).toMatch(/^https:\/\/www\.paypal\.test\/checkoutnow\?token=PP/);
    const sent = lastRequest("/v2/checkout/orders");
    expect(sent?.headers["paypal-request-id"]).toEqual(expect.any(String));
    expect(sent?.body).toMatchObject({
      intent: "CAPTURE",
      purchase_units: [{ custom_id: orderId, amount: { currency_code: "USD", value: "99.99" } }],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: `https://parkpilot.test/api/checkout/paypal/return?order=${orderId}`,
            cancel_url: `https://parkpilot.test/checkout/service/${orderId}?cancelled=true`,
          },
        },
      },
    });
  });

  it("the return from PayPal captures the order and pays it, once even when the return is replayed", async () => {
    const { agent, orderId } = await buyerWithPendingOrder(t.app, t.db);
    const started = await agent
      .post(pathTo(CHECKOUT_PATHS.pay, { id: orderId }))
      .send({ provider: "paypal" });
    const token = new URL(started.body.checkoutUrl).searchParams.get("token");

    const first = await agent.get(
      `${CHECKOUT_PATHS.paypalReturn}?order=${orderId}&token=${token}&PayerID=BUYER1`,
    );
    const replay = await agent.get(
      `${CHECKOUT_PATHS.paypalReturn}?order=${orderId}&token=${token}&PayerID=BUYER1`,
    );

    expect(first.status).toBe(303);
    expect(first.headers.location).toBe(`/checkout/success?order=${orderId}`);
    expect(replay.headers.location).toBe(`/checkout/success?order=${orderId}`);
    expect(lastRequest(`/v2/checkout/orders/${token}/capture`)?.headers["paypal-request-id"]).toBe(
      `capture-${token}`,
    );
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: "paid", provider: "paypal" });
    expect(order.providerPaymentId).toMatch(/^CAP/);
    expect(await t.db.select().from(transactions).where(eq(transactions.orderId, orderId))).toHaveLength(1);
  });

  it("a return with a PayPal order that is not this order's goes back to checkout unpaid", async () => {
    const first = await buyerWithPendingOrder(t.app, t.db);
    const second = await buyerWithPendingOrder(t.app, t.db);
    const started = await first.agent
      .post(pathTo(CHECKOUT_PATHS.pay, { id: first.orderId }))
      .send({ provider: "paypal" });
    const tokenOfFirst = new URL(started.body.checkoutUrl).searchParams.get("token");

    const res = await second.agent.get(
      `${CHECKOUT_PATHS.paypalReturn}?order=${second.orderId}&token=${tokenOfFirst}`,
    );

    expect(res.headers.location).toBe(`/checkout/service/${second.orderId}?cancelled=true`);
    expect((await orderRow(second.orderId)).status).toBe("pending");
  });
});

describe("the wallet test flow", () => {
  it("setup answers a client token and the client id", async () => {
    const { agent } = await signUp(t.app);

    const res = await agent.get(PAYMENT_PATHS.paypalSetup);

    expect(res.body).toEqual({ clientToken: "fake-client-token", clientId: "fake-client-id", mode: "live" });
  });

  it("an order for 100 USD is created at PayPal, then captured into a completed test payment", async () => {
    const { agent, user } = await signUp(t.app);

    const created = await agent
      .post(PAYMENT_PATHS.paypalOrder)
      .send({ amount: 100, currency: "USD", intent: "capture" });
    const captured = await agent.post(pathTo(PAYMENT_PATHS.paypalCapture, { id: created.body.id }));

    expect(created.status).toBe(201);
    expect(lastRequest("/v2/checkout/orders")?.body).toMatchObject({
      purchase_units: [{ amount: { currency_code: "USD", value: "100.00" } }],
    });
    expect(captured.body).toEqual({ id: created.body.id, status: "COMPLETED", amount: "100.00" });
    const rows = await t.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows).toMatchObject([
      { type: "test_payment", amount: "100.00", paymentMethod: "paypal", status: "completed" },
    ]);
  });

  it("another user cannot capture someone's test order", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const created = await owner.agent
      .post(PAYMENT_PATHS.paypalOrder)
      .send({ amount: "25.50", currency: "USD", intent: "CAPTURE" });

    const res = await stranger.agent.post(pathTo(PAYMENT_PATHS.paypalCapture, { id: created.body.id }));

    expect(res.status).toBe(404);
    const [row] = await t.db.select().from(transactions).where(eq(transactions.providerRef, created.body.id));
    expect(row.status).toBe("pending");
  });
});

describe("payouts through PayPal Payouts", () => {
  it("sends the payout with our payout id as the batch id", async () => {
    const { agent, user } = await signUp(t.app);
    await fundBalance(t.db, user.id, "80.00");
    await givePayoutHistory(t.db, user.id, "me@wallet.test");
    await signTaxForm(agent);

    const res = await agent.post(PAYMENT_PATHS.payout).send({ amount: 80, paypalEmail: "me@wallet.test" });

    expect(res.status).toBe(201);
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.id, res.body.id));
    expect(payout).toMatchObject({
      provider: "paypal",
      status: "completed",
      providerRef: `BATCH-${payout.id}`,
    });
    expect(lastRequest("/v1/payments/payouts")?.body).toMatchObject({
      sender_batch_header: { sender_batch_id: payout.id },
      items: [{ receiver: "me@wallet.test", amount: { value: "80.00", currency: "USD" } }],
    });
    const [balance] = await t.db.select().from(balances).where(eq(balances.userId, user.id));
    expect(balance.available).toBe("0.00");
  });
});

describe("a payout PayPal cannot take", () => {
  let unreachable: TestApp;
  beforeAll(async () => {
    unreachable = await createTestApp({ env: { ...fake.env, PAYPAL_API_BASE: "http://127.0.0.1:9" } });
  });
  afterAll(async () => {
    await unreachable.close();
  });

  it("is answered 402, marked failed, and the amount goes back to the balance", async () => {
    const { agent, user } = await signUp(unreachable.app);
    await fundBalance(unreachable.db, user.id, "120.00");
    await givePayoutHistory(unreachable.db, user.id, "me@wallet.test");
    await signTaxForm(agent);

    const res = await agent.post(PAYMENT_PATHS.payout).send({ amount: 120, paypalEmail: "me@wallet.test" });

    expect(res.status).toBe(402);
    expect(res.body.message).toBe("The payout could not be sent. Your balance was not changed.");
    const [balance] = await unreachable.db.select().from(balances).where(eq(balances.userId, user.id));
    expect(balance.available).toBe("120.00");
    const [payout] = await unreachable.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.userId, user.id), eq(payouts.amount, "120.00")));
    expect(payout.status).toBe("failed");
    const rows = await unreachable.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows).toMatchObject([{ type: "payout", status: "failed" }]);
  });
});
