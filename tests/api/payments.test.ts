import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { PAYMENT_PATHS, PAYOUT_REQUEST_KEY_HEADER } from "../../shared/api/payouts";
import { pathTo } from "../../shared/path-to";
import { accountEvents, auditLog, balances, payouts, transactions, users } from "../../shared/schema";
import { buyerWithPendingOrder, fundBalance, givePayoutHistory } from "../factories/payments";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const balanceOf = async (userId: string) =>
  (await t.db.select().from(balances).where(eq(balances.userId, userId)))[0]?.available;
const payoutsOf = (userId: string) => t.db.select().from(payouts).where(eq(payouts.userId, userId));

describe("GET /api/payments/balance", () => {
  it("answers 0 for a new account", async () => {
    const { agent } = await signUp(t.app);

    const res = await agent.get(PAYMENT_PATHS.balance);

    expect(res.body).toEqual({
      availableBalance: "0.00",
      pendingBalance: "0.00",
      paidOut: "0.00",
      inReview: "0.00",
      nextReleases: [],
      awaitingBuyerPayment: "0.00",
      currency: "USD",
    });
  });

  it("answers the ledger's available funds after held credits", async () => {
    const { agent, user } = await signUp(t.app);
    await fundBalance(t.db, user.id, "120.40");
    await fundBalance(t.db, user.id, "0.35");

    const res = await agent.get(PAYMENT_PATHS.balance);

    expect(res.body.availableBalance).toBe("120.75");
  });

  it("counts completed payouts as paid out and a payout held for review as in review", async () => {
    const { agent, user } = await signUp(t.app);
    await fundBalance(t.db, user.id, "2000.00");
    await givePayoutHistory(t.db, user.id, "me@wallet.test");
    const sent = await agent.post(PAYMENT_PATHS.payout).send({ amount: 800, paypalEmail: "me@wallet.test" });
    const held = await agent.post(PAYMENT_PATHS.payout).send({ amount: 1200, paypalEmail: "me@wallet.test" });
    expect([sent.body.status, held.body.status]).toEqual(["completed", "held"]);

    const res = await agent.get(PAYMENT_PATHS.balance);

    expect(res.body).toMatchObject({ availableBalance: "0.00", paidOut: "800.00", inReview: "1200.00" });
  });

  it("is refused to a signed-out visitor", async () => {
    const res = await request(t.app).get(PAYMENT_PATHS.balance);

    expect(res.status).toBe(401);
  });
});

describe("GET /api/transactions", () => {
  it("lists the user's own payments and payouts, newest first", async () => {
    const buyer = await buyerWithPendingOrder(t.app, t.db);
    await buyer.agent.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: buyer.orderId }));
    await fundBalance(t.db, buyer.user.id, "60.00");
    await givePayoutHistory(t.db, buyer.user.id, "me@wallet.test");
    await buyer.agent.post(PAYMENT_PATHS.payout).send({ amount: 60, paypalEmail: "me@wallet.test" });
    const other = await buyerWithPendingOrder(t.app, t.db);
    await other.agent.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: other.orderId }));

    const res = await buyer.agent.get(PAYMENT_PATHS.transactions);

    expect(res.body).toMatchObject([
      {
        type: "payout",
        amount: "60.00",
        status: "completed",
        paymentMethod: "sandbox",
        description: "Payout to me@wallet.test",
      },
      { type: "payment", amount: "99.99", status: "completed", paymentMethod: "sandbox" },
    ]);
    expect(res.body[1].description).toContain(buyer.domain.name);
  });
});

describe("GET /api/payments/methods", () => {
  it("names both providers, in sandbox mode without keys", async () => {
    const { agent } = await signUp(t.app);

    const res = await agent.get(PAYMENT_PATHS.methods);

    expect(res.body).toEqual([
      { id: "stripe", name: "Stripe", kind: "card", mode: "sandbox", usedFor: ["checkout"] },
      { id: "paypal", name: "PayPal", kind: "wallet", mode: "sandbox", usedFor: ["checkout", "payouts"] },
    ]);
  });
});

describe("payment settings", () => {
  it("answers the defaults: $50, weekly, auto payout on", async () => {
    const { agent } = await signUp(t.app);

    const res = await agent.get(PAYMENT_PATHS.settings);

    expect(res.body).toEqual({
      minPayout: "50.00",
      payoutFrequency: "weekly",
      autoPayout: true,
      lastPayoutEmail: null,
    });
  });

  it("PUT saves the minimum, the frequency and auto payout", async () => {
    const { agent, user } = await signUp(t.app);

    const res = await agent
      .put(PAYMENT_PATHS.settings)
      .send({ minPayout: 125.5, payoutFrequency: "monthly", autoPayout: false });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      minPayout: "125.50",
      payoutFrequency: "monthly",
      autoPayout: false,
      lastPayoutEmail: null,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ minPayout: "125.50", payoutFrequency: "monthly", autoPayout: false });
  });

  it("PUT takes the minimum as a decimal string too, and answers it as one", async () => {
    const { agent } = await signUp(t.app);

    const res = await agent
      .put(PAYMENT_PATHS.settings)
      .send({ minPayout: "99.9", payoutFrequency: "weekly" });

    expect(res.status).toBe(200);
    expect(res.body.minPayout).toBe("99.90");
  });

  it("PUT without autoPayout keeps it as it was", async () => {
    const { agent } = await signUp(t.app);

    const res = await agent.put(PAYMENT_PATHS.settings).send({ minPayout: 75, payoutFrequency: "manual" });

    expect(res.body).toEqual({
      minPayout: "75.00",
      payoutFrequency: "manual",
      autoPayout: true,
      lastPayoutEmail: null,
    });
  });

  it.each([
    [{ minPayout: 49.99, payoutFrequency: "weekly" }, "at least $50"],
    [{ minPayout: 60, payoutFrequency: "daily" }, "Invalid"],
    [{ minPayout: "sixty", payoutFrequency: "weekly" }, "Invalid"],
    [{ minPayout: 0.1 + 60.2, payoutFrequency: "weekly" }, "dollars and cents"],
    [{ minPayout: 1e15, payoutFrequency: "weekly" }, "dollars and cents"],
  ])("PUT %j is refused with 400 and changes nothing", async (body, message) => {
    const { agent, user } = await signUp(t.app);

    const res = await agent.put(PAYMENT_PATHS.settings).send(body);

    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ minPayout: "50.00", payoutFrequency: "weekly" });
  });
});

describe("POST /api/payments/payout", () => {
  it("debits the balance, records the payout, the transaction and the account event", async () => {
    const { agent, user } = await signUp(t.app);
    await fundBalance(t.db, user.id, "200.00");
    await givePayoutHistory(t.db, user.id, "me@wallet.test");

    const res = await agent
      .post(PAYMENT_PATHS.payout)
      .send({ amount: "150.25", paypalEmail: "me@wallet.test" });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: "150.25", status: "completed" });
    expect(await balanceOf(user.id)).toBe("49.75");
    expect((await payoutsOf(user.id)).filter((p) => p.id === res.body.id)).toMatchObject([
      { amount: "150.25", paypalEmail: "me@wallet.test", provider: "sandbox", status: "completed" },
    ]);
    const rows = await t.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows).toMatchObject([{ type: "payout", amount: "150.25", status: "completed" }]);
    const events = await t.db.select().from(accountEvents).where(eq(accountEvents.userId, user.id));
    expect(events.map((e) => e.kind)).toContain("payout");
  });

  it("writes the amount in the product's money format in the answer and the account's activity", async () => {
    const { agent, user } = await signUp(t.app);
    await fundBalance(t.db, user.id, "2000.00");
    await givePayoutHistory(t.db, user.id, "me@wallet.test");

    // Above the review threshold ($1,000 by default): held, and said so in the same format.
    const res = await agent
      .post(PAYMENT_PATHS.payout)
      .send({ amount: "1500", paypalEmail: "me@wallet.test" });

    expect(res.status).toBe(201);
    expect(res.body.message).toMatch(/^\$1,500\.00 to me@wallet\.test is held for review/);
    const events = await t.db.select().from(accountEvents).where(eq(accountEvents.userId, user.id));
    expect(events.map((e) => e.description)).toContain(
      "Payout of $1,500.00 to me@wallet.test is held for review",
    );
  });

  it.each([
    [{ amount: 49.99, paypalEmail: "me@wallet.test" }, 400, "The minimum payout is $50.00"],
    [{ amount: 100, paypalEmail: "not-an-email" }, 400, "Enter the email of your PayPal account"],
    [{ amount: 100, paypalEmail: "" }, 400, "Enter the email of your PayPal account"],
    [{ amount: 100.001, paypalEmail: "me@wallet.test" }, 400, "dollars and cents"],
    [{ amount: 300.01, paypalEmail: "me@wallet.test" }, 422, "Insufficient balance: $300.00 available"],
  ])("%j is refused with %i and changes nothing", async (body, status, message) => {
    const { agent, user } = await signUp(t.app);
    await fundBalance(t.db, user.id, "300.00");

    const res = await agent.post(PAYMENT_PATHS.payout).send(body);

    expect(res.status).toBe(status);
    expect(res.body.message).toContain(message);
    expect(await balanceOf(user.id)).toBe("300.00");
    expect(await payoutsOf(user.id)).toHaveLength(0);
  });

  it("32 concurrent payouts on a balance that covers one: exactly one succeeds, the balance never goes negative", async () => {
    const { agent, user } = await signUp(t.app);
    await fundBalance(t.db, user.id, "100.00");

    const answers = await Promise.all(
      Array.from({ length: 32 }, () =>
        agent.post(PAYMENT_PATHS.payout).send({ amount: 75, paypalEmail: "me@wallet.test" }),
      ),
    );

    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 422)).toHaveLength(31);
    expect(await balanceOf(user.id)).toBe("25.00");
    expect(await payoutsOf(user.id)).toHaveLength(1);
  });

  it("a part of the balance below the user's own minimum is refused; at the minimum it goes out", async () => {
    const { agent, user } = await signUp(t.app);
    await fundBalance(t.db, user.id, "300.00");
    await agent.put(PAYMENT_PATHS.settings).send({ minPayout: 75, payoutFrequency: "weekly" });

    const below = await agent
      .post(PAYMENT_PATHS.payout)
      .send({ amount: "74.99", paypalEmail: "me@wallet.test" });
    expect(below.status).toBe(422);
    expect(below.body.message).toBe("Your minimum payout is $75.00");
    expect(await balanceOf(user.id)).toBe("300.00");

    const at = await agent.post(PAYMENT_PATHS.payout).send({ amount: "75", paypalEmail: "me@wallet.test" });
    expect(at.status).toBe(201);
    expect(await balanceOf(user.id)).toBe("225.00");
  });

  it("the payout settings remember the PayPal email of the last payout", async () => {
    const { agent, user } = await signUp(t.app);
    await fundBalance(t.db, user.id, "300.00");
    await agent.post(PAYMENT_PATHS.payout).send({ amount: 60, paypalEmail: "first@wallet.test" });
    await agent.post(PAYMENT_PATHS.payout).send({ amount: 60, paypalEmail: "second@wallet.test" });

    const res = await agent.get(PAYMENT_PATHS.settings);

    expect(res.body.lastPayoutEmail).toBe("second@wallet.test");
  });

  describe("under an Idempotency-Key", () => {
    const send = (
      agent: Awaited<ReturnType<typeof signUp>>["agent"],
      key: string,
      body: { amount: string; paypalEmail: string },
    ) => agent.post(PAYMENT_PATHS.payout).set(PAYOUT_REQUEST_KEY_HEADER, key).send(body);
    const body = { amount: "60.00", paypalEmail: "me@wallet.test" };

    it("a request sent again is answered with the payout it made: one debit, one audit entry", async () => {
      const { agent, user } = await signUp(t.app);
      await fundBalance(t.db, user.id, "300.00");
      await givePayoutHistory(t.db, user.id, "me@wallet.test");

      const first = await send(agent, "dialog-opening-1", body);
      const again = await send(agent, "dialog-opening-1", { ...body, amount: "60" });

      expect(first.status).toBe(201);
      expect(first.headers["idempotent-replayed"]).toBeUndefined();
      expect(again.status).toBe(201);
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect(again.body).toEqual(first.body);
      expect(await balanceOf(user.id)).toBe("240.00");
      // The payout history given before is a payout without a key.
      expect((await payoutsOf(user.id)).filter((p) => p.requestKey)).toMatchObject([
        { requestKey: "dialog-opening-1", status: "completed" },
      ]);
      const audit = await t.db.select().from(auditLog).where(eq(auditLog.userId, user.id));
      expect(audit.filter((entry) => entry.event === "payout_requested")).toHaveLength(1);

      // Another key is another payout.
      expect((await send(agent, "dialog-opening-2", body)).status).toBe(201);
      expect(await balanceOf(user.id)).toBe("180.00");
    });

    it("16 concurrent requests under one key make one payout, and every answer names it", async () => {
      const { agent, user } = await signUp(t.app);
      await fundBalance(t.db, user.id, "300.00");

      const answers = await Promise.all(Array.from({ length: 16 }, () => send(agent, "double-click", body)));

      expect(answers.map((r) => r.status)).toEqual(Array(16).fill(201));
      expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
      expect(answers.filter((r) => r.headers["idempotent-replayed"] === "true")).toHaveLength(15);
      expect(await balanceOf(user.id)).toBe("240.00");
      expect(await payoutsOf(user.id)).toHaveLength(1);
    });

    it("a held payout asked for again is still held, and says so", async () => {
      const { agent, user } = await signUp(t.app);
      await fundBalance(t.db, user.id, "300.00");

      // A first payout to a new account waits for review.
      const first = await send(agent, "first-payout", body);
      const again = await send(agent, "first-payout", body);

      expect(first.body.status).toBe("held");
      expect(again.body).toEqual(first.body);
      expect(await payoutsOf(user.id)).toHaveLength(1);
    });

    it("the same key with another amount or destination is refused with 409 and changes nothing", async () => {
      const { agent, user } = await signUp(t.app);
      await fundBalance(t.db, user.id, "300.00");
      await send(agent, "used-once", body);

      for (const other of [
        { ...body, amount: "70.00" },
        { ...body, paypalEmail: "other@wallet.test" },
      ]) {
        const res = await send(agent, "used-once", other);
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(
          "This Idempotency-Key was used for the payout of $60.00 to me@wallet.test: a different payout needs a new key.",
        );
      }
      expect(await balanceOf(user.id)).toBe("240.00");
      expect(await payoutsOf(user.id)).toHaveLength(1);
    });

    it("another user's key is theirs alone", async () => {
      const owner = await signUp(t.app);
      const other = await signUp(t.app);
      await fundBalance(t.db, owner.user.id, "300.00");
      await fundBalance(t.db, other.user.id, "300.00");

      const mine = await send(owner.agent, "shared-key-value", body);
      const theirs = await send(other.agent, "shared-key-value", { ...body, amount: "80.00" });

      expect(theirs.status).toBe(201);
      expect(theirs.body.id).not.toBe(mine.body.id);
      expect(await balanceOf(other.user.id)).toBe("220.00");
    });

    it.each([
      ["too short", "short"],
      ["too long", "k".repeat(256)],
      ["not visible ASCII", "key with spaces"],
    ])("a key %s is refused with 400 and changes nothing", async (_, key) => {
      const { agent, user } = await signUp(t.app);
      await fundBalance(t.db, user.id, "300.00");

      const res = await send(agent, key, body);

      expect(res.status).toBe(400);
      expect(res.body.message).toContain("Idempotency-Key");
      expect(await balanceOf(user.id)).toBe("300.00");
      expect(await payoutsOf(user.id)).toHaveLength(0);
    });
  });

  it("a user with no revenue at all cannot withdraw", async () => {
    const { agent, user } = await signUp(t.app);

    const res = await agent.post(PAYMENT_PATHS.payout).send({ amount: 50, paypalEmail: "me@wallet.test" });

    expect(res.status).toBe(422);
    expect(await payoutsOf(user.id)).toHaveLength(0);
  });
});

describe("the wallet test flow in the sandbox", () => {
  it("setup says sandbox, and an order is captured into a completed test payment", async () => {
    const { agent, user } = await signUp(t.app);

    const setup = await agent.get(PAYMENT_PATHS.paypalSetup);
    const created = await agent
      .post(PAYMENT_PATHS.paypalOrder)
      .send({ amount: 100, currency: "USD", intent: "capture" });
    const captured = await agent.post(pathTo(PAYMENT_PATHS.paypalCapture, { id: created.body.id }));
    const again = await agent.post(pathTo(PAYMENT_PATHS.paypalCapture, { id: created.body.id }));

    expect(setup.body).toEqual({ clientToken: null, clientId: null, mode: "sandbox" });
    expect(created.body.id).toMatch(/^SANDBOX-/);
    expect(captured.body).toEqual({ id: created.body.id, status: "COMPLETED", amount: "100.00" });
    expect(again.body.status).toBe("COMPLETED");
    const rows = await t.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows).toMatchObject([{ type: "test_payment", status: "completed", paymentMethod: "sandbox" }]);
  });

  it.each([
    [{ amount: 0, currency: "USD", intent: "capture" }],
    [{ amount: 100, currency: "EUR", intent: "capture" }],
    [{ amount: 100, currency: "USD", intent: "authorize" }],
  ])("%j is refused with 400 and creates nothing", async (body) => {
    const { agent, user } = await signUp(t.app);

    const res = await agent.post(PAYMENT_PATHS.paypalOrder).send(body);

    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await t.db.select().from(transactions).where(eq(transactions.userId, user.id))).toHaveLength(0);
  });
});
