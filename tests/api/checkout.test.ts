import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paidContext } from "../../server/order-effects/order-effects";
import { fulfilOrder } from "../../server/payments/fulfil-order";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { OFFERS } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import {
  accountEvents,
  domainServices,
  mailOutbox,
  serviceOrders,
  transactions,
  unmatchedPayments,
  users,
} from "../../shared/schema";
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

const orderRow = async (id: string) =>
  (await t.db.select().from(serviceOrders).where(eq(serviceOrders.id, id)))[0];
const transactionsOf = (orderId: string) =>
  t.db.select().from(transactions).where(eq(transactions.orderId, orderId));

function fulfil(orderId: string, providerPaymentId: string, amountPaid = "99.99") {
  return t.db.transaction((tx) =>
    fulfilOrder(
      tx,
      t.deps.mailer,
      { orderId, provider: "sandbox", providerPaymentId, amountPaid },
      paidContext(30),
    ),
  );
}

describe("GET /api/service-orders/:id", () => {
  it("answers the buyer's order with its readable facts and the domain name", async () => {
    const { agent, orderId, domain } = await buyerWithPendingOrder(t.app, t.db);

    const res = await agent.get(pathTo(CHECKOUT_PATHS.serviceOrder, { id: orderId }));

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: orderId,
      serviceType: "professional_appraisal",
      price: "99.99",
      status: "pending",
      metadata: { domainName: domain.name },
      paidAt: null,
    });
    expect(res.body.description).toContain(domain.name);
  });

  it("answers 404 for another user's order", async () => {
    const { orderId } = await buyerWithPendingOrder(t.app, t.db);
    const stranger = await signUp(t.app);

    const res = await stranger.agent.get(pathTo(CHECKOUT_PATHS.serviceOrder, { id: orderId }));

    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Service order not found");
  });

  it("answers 404 for an id that is not an order id", async () => {
    const { agent } = await signUp(t.app);

    const res = await agent.get("/api/service-orders/not-a-uuid");

    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Service order not found");
  });
});

describe("POST /api/checkout/service/:id without provider keys", () => {
  it.each(["stripe", "paypal"])("%s opens the sandbox's hosted page for the order", async (provider) => {
    const { agent, orderId } = await buyerWithPendingOrder(t.app, t.db);

    const res = await agent.post(pathTo(CHECKOUT_PATHS.pay, { id: orderId })).send({ provider });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      checkoutUrl: `${pathTo(CHECKOUT_PATHS.sandbox, { id: orderId })}?provider=${provider}`,
    });
  });

  it("refuses an unknown provider with 400 and leaves the order untouched", async () => {
    const { agent, orderId } = await buyerWithPendingOrder(t.app, t.db);

    const res = await agent.post(pathTo(CHECKOUT_PATHS.pay, { id: orderId })).send({ provider: "bitcoin" });

    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
    expect((await orderRow(orderId)).provider).toBeNull();
  });

  it("answers 404 for another user's order", async () => {
    const { orderId } = await buyerWithPendingOrder(t.app, t.db);
    const stranger = await signUp(t.app);

    const res = await stranger.agent
      .post(pathTo(CHECKOUT_PATHS.pay, { id: orderId }))
      .send({ provider: "stripe" });

    expect(res.status).toBe(404);
  });

  it("refuses to check out a paid order again", async () => {
    const { agent, orderId } = await buyerWithPendingOrder(t.app, t.db);
    await fulfil(orderId, "sandbox_paid-once");

    const res = await agent.post(pathTo(CHECKOUT_PATHS.pay, { id: orderId })).send({ provider: "stripe" });

    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This service order has already been paid for.");
  });
});

describe("the sandbox hosted checkout", () => {
  it("shows the test-mode page with the order's total, Pay and Cancel", async () => {
    const { agent, orderId } = await buyerWithPendingOrder(t.app, t.db);

    const res = await agent.get(`${pathTo(CHECKOUT_PATHS.sandbox, { id: orderId })}?provider=paypal`);

    expect(res.status).toBe(200);
    expect(res.type).toBe("text/html");
    expect(res.text).toContain("Test mode, no money moves");
    expect(res.text).toContain("$99.99");
    expect(res.text).toContain(`action="/api/checkout/sandbox/${orderId}/pay?provider=paypal"`);
    expect(res.text).toContain("Cancel");
    expect(res.headers["referrer-policy"]).toBe("same-origin");
  });

  it("Pay fulfils the order: paid, service active, transaction, account event, confirmation mail", async () => {
    const { agent, orderId, user } = await buyerWithPendingOrder(t.app, t.db);

    const res = await agent.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId }));

    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/checkout/success?order=${orderId}`);
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: "paid", provider: "sandbox" });
    expect(order.providerPaymentId).toMatch(/^sandbox_/);
    const services = await t.db.select().from(domainServices).where(eq(domainServices.orderId, orderId));
    expect(services.map((s) => s.status)).toEqual(["active"]);
    expect(await transactionsOf(orderId)).toMatchObject([
      { type: "payment", amount: "99.99", status: "completed", paymentMethod: "sandbox" },
    ]);
    const events = await t.db.select().from(accountEvents).where(eq(accountEvents.userId, user.id));
    expect(events.filter((e) => e.kind === "order_paid")).toHaveLength(1);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mails.filter((m) => m.subject.startsWith("Payment received"))).toHaveLength(1);
  });

  it("Pay pressed twice pays once", async () => {
    const { agent, orderId } = await buyerWithPendingOrder(t.app, t.db);

    await agent.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId }));
    const second = await agent.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId }));

    expect(second.status).toBe(303);
    expect(await transactionsOf(orderId)).toHaveLength(1);
  });

  it("Cancel returns to the checkout page with the cancelled notice and leaves the order pending", async () => {
    const { agent, orderId } = await buyerWithPendingOrder(t.app, t.db);

    const res = await agent.post(pathTo(CHECKOUT_PATHS.sandboxCancel, { id: orderId }));

    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/checkout/service/${orderId}?cancelled=true`);
    expect((await orderRow(orderId)).status).toBe("pending");
  });

  it("another user cannot pay someone's order", async () => {
    const { orderId } = await buyerWithPendingOrder(t.app, t.db);
    const stranger = await signUp(t.app);

    const res = await stranger.agent.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId }));

    expect(res.status).toBe(404);
    expect((await orderRow(orderId)).status).toBe("pending");
  });

  it("a signed-out visitor cannot pay", async () => {
    const { orderId } = await buyerWithPendingOrder(t.app, t.db);

    const res = await request(t.app).post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId }));

    expect(res.status).toBe(401);
    expect((await orderRow(orderId)).status).toBe("pending");
  });
});

describe("fulfilOrder", () => {
  it("replayed 5 times at once, the same payment fulfils the order exactly once", async () => {
    const { orderId, user } = await buyerWithPendingOrder(t.app, t.db);

    const outcomes = await Promise.all(Array.from({ length: 5 }, () => fulfil(orderId, "pi_replayed")));

    expect(outcomes.filter((o) => o === "fulfilled")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "already-paid")).toHaveLength(4);
    expect(await transactionsOf(orderId)).toHaveLength(1);
    const events = await t.db.select().from(accountEvents).where(eq(accountEvents.userId, user.id));
    expect(events.filter((e) => e.kind === "order_paid")).toHaveLength(1);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mails.filter((m) => m.subject.startsWith("Payment received"))).toHaveLength(1);
  });

  it("two different payments of one order fulfil it once, and the other is kept to be refunded", async () => {
    const { orderId } = await buyerWithPendingOrder(t.app, t.db);

    const outcomes = await Promise.all([fulfil(orderId, "pi_first"), fulfil(orderId, "pi_second")]);

    expect(outcomes.sort()).toEqual(["fulfilled", "unmatched"]);
    expect(await transactionsOf(orderId)).toHaveLength(1);
    const kept = await t.db.select().from(unmatchedPayments).where(eq(unmatchedPayments.orderId, orderId));
    expect(kept).toHaveLength(1);
    // A sandbox payment moved no money: there is nothing to give back, so it is kept as refunded.
    expect(kept[0]).toMatchObject({
      status: "refunded",
      reason: "The order was already paid by another payment.",
    });
  });

  it("a payment for a different amount does not pay the order, and is kept to be refunded", async () => {
    const { orderId } = await buyerWithPendingOrder(t.app, t.db);

    const outcome = await fulfil(orderId, "pi_short", "99.98");

    expect(outcome).toBe("unmatched");
    expect((await orderRow(orderId)).status).toBe("pending");
    expect(await transactionsOf(orderId)).toHaveLength(0);
    const [kept] = await t.db
      .select()
      .from(unmatchedPayments)
      .where(eq(unmatchedPayments.providerPaymentId, "pi_short"));
    expect(kept).toMatchObject({
      orderId,
      amount: "99.98",
      reason: "$99.98 was paid for an order of $99.99.",
    });
  });

  it.each([
    ["accountUpgrade", OFFERS.accountUpgrade.path, { plan: "business", price: "79" }, "business"],
    ["proUpgrade", OFFERS.proUpgrade.path, { planId: "pro-monthly" }, "pro"],
  ])("a paid %s sets the buyer's plan", async (_key, path, body, plan) => {
    const { agent, user } = await signUp(t.app);
    const order = await agent.post(path).send(body);
    const before = await t.db.select({ plan: users.plan }).from(users).where(eq(users.id, user.id));

    await fulfil(order.body.orderId, `pi_plan_${plan}`, (await orderRow(order.body.orderId)).price);

    const [after] = await t.db.select({ plan: users.plan }).from(users).where(eq(users.id, user.id));
    expect(before[0].plan).toBe("free");
    expect(after.plan).toBe(plan);
  });

  it("a paid order that is not an account plan leaves the plan alone", async () => {
    const { orderId, user } = await buyerWithPendingOrder(t.app, t.db);

    await fulfil(orderId, "pi_no_plan");

    const [row] = await t.db.select({ plan: users.plan }).from(users).where(eq(users.id, user.id));
    expect(row.plan).toBe("free");
  });
});
