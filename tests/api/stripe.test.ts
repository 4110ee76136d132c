import { eq } from "drizzle-orm";
import Stripe from "stripe";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { WEBHOOK_PATHS } from "../../shared/api/webhooks";
import { pathTo } from "../../shared/path-to";
import { serviceOrders, transactions } from "../../shared/schema";
import { buyerWithPendingOrder } from "../factories/payments";
import { paidCheckoutSession, postStripeWebhook, stripeSignature } from "../factories/webhooks";
import type { startFakeStripe } from "../setup/fake-stripe";
import { createTestApp, createTestAppWithStripe, type TestApp } from "../setup/test-app";

const WEBHOOK_SECRET = "whsec_test_secret";

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
beforeAll(async () => {
  ({ t, fake } = await createTestAppWithStripe(WEBHOOK_SECRET));
});
afterAll(() => t.close());

const orderRow = async (id: string) =>
  (await t.db.select().from(serviceOrders).where(eq(serviceOrders.id, id)))[0];
const paymentsOf = (orderId: string) =>
  t.db.select().from(transactions).where(eq(transactions.orderId, orderId));

function sessionCompleted(orderId: string, overrides: Record<string, unknown> = {}) {
  return JSON.stringify({
    id: `evt_${orderId.slice(0, 8)}`,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        ...paidCheckoutSession(orderId, 9999, `pi_${orderId.slice(0, 8)}`),
        ...overrides,
      },
    },
  });
}

describe("Stripe checkout through the real SDK", () => {
  it("creates a Checkout Session for the order's catalogue price and answers its url", async () => {
    const { agent, orderId, user } = await buyerWithPendingOrder(t.app, t.db);

    const res = await agent.post(pathTo(CHECKOUT_PATHS.pay, { id: orderId })).send({ provider: "stripe" });

    expect(res.status).toBe(200);
    expect(res.body.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const sent = fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1);
    expect(sent?.form).toMatchObject({
      mode: "payment",
      client_reference_id: orderId,
      customer_email: user.email,
      "metadata[orderId]": orderId,
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "9999",
      "line_items[0][price_data][product_data][name]": "Professional Appraisal",
      cancel_url: `https://parkpilot.test/checkout/service/${orderId}?cancelled=true`,
    });
    expect(sent?.form.success_url).toBe(
      `https://parkpilot.test/checkout/success?order=${orderId}&session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(sent?.headers["idempotency-key"]).toEqual(expect.any(String));
    expect((await orderRow(orderId)).provider).toBe("stripe");
  });
});

describe("Stripe refusing the key", () => {
  let broken: TestApp;
  beforeAll(async () => {
    broken = await createTestApp({ env: { STRIPE_SECRET_KEY: "sk_test_wrong", STRIPE_API_BASE: fake.url } });
  });
  afterAll(async () => {
    await broken.close();
  });

  it("answers 503 with a message when Stripe refuses, and the order stays unpaid", async () => {
    const { agent, orderId } = await buyerWithPendingOrder(broken.app, broken.db);

    const res = await agent.post(pathTo(CHECKOUT_PATHS.pay, { id: orderId })).send({ provider: "stripe" });

    expect(res.status).toBe(503);
    expect(res.body.message).toBe("The payment provider is unavailable right now. Please try again.");
    const [row] = await broken.db.select().from(serviceOrders).where(eq(serviceOrders.id, orderId));
    expect(row.status).toBe("pending");
  });
});

describe("POST /api/webhooks/stripe", () => {
  it("a signed checkout.session.completed pays the order", async () => {
    const { orderId } = await buyerWithPendingOrder(t.app, t.db);
    const payload = sessionCompleted(orderId);

    const res = await postStripeWebhook(t.app, payload, stripeSignature(payload, WEBHOOK_SECRET));

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect(await orderRow(orderId)).toMatchObject({
      status: "paid",
      provider: "stripe",
      providerPaymentId: `pi_${orderId.slice(0, 8)}`,
    });
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it("a replayed event changes nothing", async () => {
    const { orderId } = await buyerWithPendingOrder(t.app, t.db);
    const payload = sessionCompleted(orderId);
    await postStripeWebhook(t.app, payload, stripeSignature(payload, WEBHOOK_SECRET));

    const replay = await postStripeWebhook(t.app, payload, stripeSignature(payload, WEBHOOK_SECRET));

    expect(replay.status).toBe(200);
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it("a bad signature is refused with 400 and the order stays unpaid", async () => {
    const { orderId } = await buyerWithPendingOrder(t.app, t.db);
    const payload = sessionCompleted(orderId);

    const res = await postStripeWebhook(t.app, payload, stripeSignature(payload, "whsec_someone_else"));

    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Invalid Stripe signature");
    expect((await orderRow(orderId)).status).toBe("pending");
  });

  it("a body changed after signing is refused with 400", async () => {
    const { orderId } = await buyerWithPendingOrder(t.app, t.db);
    const signature = stripeSignature(sessionCompleted(orderId), WEBHOOK_SECRET);

    const res = await postStripeWebhook(t.app, sessionCompleted(orderId, { amount_total: 1 }), signature);

    expect(res.status).toBe(400);
    expect((await orderRow(orderId)).status).toBe("pending");
  });

  it("a signature older than 300 seconds is refused with 400", async () => {
    const { orderId } = await buyerWithPendingOrder(t.app, t.db);
    const payload = sessionCompleted(orderId);

    const res = await postStripeWebhook(
      t.app,
      payload,
      stripeSignature(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301),
    );

    expect(res.status).toBe(400);
    expect((await orderRow(orderId)).status).toBe("pending");
  });

  it.each([
    ["10 minutes in the past", -600],
    ["10 minutes in the future", 600],
    ["301 seconds in the future", 301],
  ])("a paid event signed %s is refused with 400 and the order stays unpaid", async (_label, offset) => {
    const { orderId } = await buyerWithPendingOrder(t.app, t.db);
    const payload = sessionCompleted(orderId);
    // The clock stands still while the request runs, so the boundary is not moved by a second
    // ticking over between signing and checking.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const signedAt = Math.floor(Date.now() / 1000) + offset;

    let res: Awaited<ReturnType<typeof postStripeWebhook>>;
    try {
      res = await postStripeWebhook(t.app, payload, stripeSignature(payload, WEBHOOK_SECRET, signedAt));
    } finally {
      vi.useRealTimers();
    }

    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Invalid Stripe signature");
    expect((await orderRow(orderId)).status).toBe("pending");
    expect(await paymentsOf(orderId)).toHaveLength(0);
  });

  it.each([
    ["a second t= with trailing junk", (sig: string, now: number) => `t=${now},t=${now + 3600}x,v1=${sig}`],
    ["a trailing t= after a space", (sig: string, now: number) => `t=${now + 3600},v1=${sig}, t=${now}`],
    ["a zero-padded second t=", (sig: string, now: number) => `t=${now},v1=${sig},t=000${now + 3600}`],
  ])(
    "a signature made an hour ahead is refused when its header carries %s (the SDK alone accepts it)",
    async (_label, shape) => {
      const { orderId } = await buyerWithPendingOrder(t.app, t.db);
      const payload = sessionCompleted(orderId);
      const now = Math.floor(Date.now() / 1000);
      const ahead = stripeSignature(payload, WEBHOOK_SECRET, now + 3600);
      const header = shape(/v1=([0-9a-f]+)/.exec(ahead)?.[1] ?? "", now);
      // The SDK verifies the signature against the time an hour ahead and has no future check.
      expect(
        new Stripe("sk_test_x").webhooks.constructEvent(payload, header, WEBHOOK_SECRET, 300).id,
      ).toBeTruthy();

      const res = await postStripeWebhook(t.app, payload, header);

      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Invalid Stripe signature");
      expect((await orderRow(orderId)).status).toBe("pending");
      expect(await paymentsOf(orderId)).toHaveLength(0);
    },
  );

  it("a paid event signed a minute ahead (a sender's clock running fast) is accepted", async () => {
    const { orderId } = await buyerWithPendingOrder(t.app, t.db);
    const payload = sessionCompleted(orderId);
    const signedAt = Math.floor(Date.now() / 1000) + 60;

    const res = await postStripeWebhook(t.app, payload, stripeSignature(payload, WEBHOOK_SECRET, signedAt));

    expect(res.status).toBe(200);
    expect((await orderRow(orderId)).status).toBe("paid");
  });

  it("a missing signature is refused with 400", async () => {
    const res = await request(t.app)
      .post(WEBHOOK_PATHS.stripe)
      .set("Content-Type", "application/json")
      .send("{}");

    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Missing Stripe signature");
  });

  it("a paid session for a different amount does not pay the order", async () => {
    const { orderId } = await buyerWithPendingOrder(t.app, t.db);
    const payload = sessionCompleted(orderId, { amount_total: 100 });

    const res = await postStripeWebhook(t.app, payload, stripeSignature(payload, WEBHOOK_SECRET));

    expect(res.status).toBe(200);
    expect((await orderRow(orderId)).status).toBe("pending");
  });

  it("an unpaid session does not pay the order", async () => {
    const { orderId } = await buyerWithPendingOrder(t.app, t.db);
    const payload = sessionCompleted(orderId, { payment_status: "unpaid" });

    await postStripeWebhook(t.app, payload, stripeSignature(payload, WEBHOOK_SECRET));

    expect((await orderRow(orderId)).status).toBe("pending");
  });
});

describe("the sandbox next to a configured Stripe", () => {
  it("a direct post to the sandbox's Pay for Stripe pays nothing", async () => {
    const { agent, orderId } = await buyerWithPendingOrder(t.app, t.db);

    const page = await agent.get(`${pathTo(CHECKOUT_PATHS.sandbox, { id: orderId })}?provider=stripe`);
    const pay = await agent.post(`${pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId })}?provider=stripe`);

    expect(page.status).toBe(404);
    expect(pay.status).toBe(404);
    expect(pay.body.message).toBe("Test checkout not found");
    expect((await orderRow(orderId)).status).toBe("pending");
    expect(await paymentsOf(orderId)).toHaveLength(0);
  });
});

describe("a production deployment with only Stripe keys", () => {
  let live: TestApp;
  beforeAll(async () => {
    live = await createTestApp({
      env: {
        NODE_ENV: "production",
        SESSION_SECRET: "production-test-secret",
        PUBLIC_URL: "http://parkpilot.test",
        STRIPE_SECRET_KEY: fake.secretKey,
        STRIPE_API_BASE: fake.url,
      },
    });
  });
  afterAll(async () => {
    await live.close();
  });

  it("in production, the provider without keys is not available instead of falling back to the sandbox", async () => {
    const { agent, orderId } = await buyerWithPendingOrder(live.app, live.db);

    const checkout = await agent
      .post(pathTo(CHECKOUT_PATHS.pay, { id: orderId }))
      .send({ provider: "paypal" });
    const pay = await agent.post(`${pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId })}?provider=paypal`);

    expect(checkout.status).toBe(503);
    expect(checkout.body.message).toBe("PayPal payments are not available right now.");
    expect(pay.status).toBe(404);
    const [row] = await live.db.select().from(serviceOrders).where(eq(serviceOrders.id, orderId));
    expect(row.status).toBe("pending");
  });
});
