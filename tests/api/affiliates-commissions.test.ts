import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Agent } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyPaidOrderToAffiliates } from "../../server/modules/affiliates/order-paid";
import { paidContext } from "../../server/order-effects/order-effects";
import { fulfilOrder } from "../../server/payments/fulfil-order";
import { AFFILIATE_STATS_PATH, AFFILIATES_PATH } from "../../shared/api/affiliates";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { OFFERS } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import { serviceOrders } from "../../shared/schema";
import { invite, referralCodeOf, referralPair } from "../factories/affiliates";
import { insertDomain } from "../factories/domains";
import { heldOf, orderAppraisal } from "../factories/payments";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newEmail = () => `referral_${Math.random().toString(36).slice(2)}@example.com`;

const HOLD = paidContext(30);

/**
 * Pays an order with real money: the fulfilment a verified Stripe webhook runs, with a payment
 * intent id of its own (the sandbox's test money earns no held commission).
 */
async function payForReal(orderId: string) {
  const [order] = await t.db.select().from(serviceOrders).where(eq(serviceOrders.id, orderId));
  const outcome = await t.db.transaction((tx) =>
    fulfilOrder(
      tx,
      t.deps.mailer,
      { orderId, provider: "stripe", providerPaymentId: `pi_${randomUUID()}`, amountPaid: order.price },
      HOLD,
    ),
  );
  expect(outcome).toBe("fulfilled");
}

/** Orders a professional appraisal ($99.99) of a new domain and pays it with real money. */
async function buyAndPay(account: { agent: Agent; user: { id: string } }): Promise<string> {
  const domain = await insertDomain(t.db, account.user.id);
  const orderId = await orderAppraisal(account.agent, domain.id);
  await payForReal(orderId);
  return orderId;
}

async function payOnSandbox(agent: Agent, orderId: string) {
  const res = await agent.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId }));
  expect(res.status).toBe(303);
}

async function commissionEvents(userId: string) {
  const { rows } = await t.db.execute<{ amount: string; type: string; source_key: string }>(
    sql`select amount, type, source_key from revenue_events where user_id = ${userId} order by created_at`,
  );
  return rows;
}

/** Held commission: pending for the refund window, none of it available yet. */
async function pending(userId: string): Promise<string> {
  const held = await heldOf(t.db, userId);
  expect(held.available).toBe("0.00");
  return held.pending;
}

describe("commission on a referred user's paid order", () => {
  it("credits the referrer the affiliate's rate of the price, rounded to the cent, held pending", async () => {
    const { referrer, referred, affiliate } = await referralPair(t, 2);

    const orderId = await buyAndPay(referred);

    // 7% of $99.99 is $6.9993.
    expect(await commissionEvents(referrer.user.id)).toEqual([
      { amount: "7.00", type: "affiliate", source_key: `commission:${orderId}` },
    ]);
    expect(await pending(referrer.user.id)).toBe("7.00");
    const list = await referrer.agent.get(AFFILIATES_PATH);
    expect(list.body).toEqual([expect.objectContaining({ id: affiliate.id, totalCommissions: "7.00" })]);
    expect(await commissionEvents(referred.user.id)).toEqual([]);
  });

  it("credits nothing more when the order is fulfilled again or the effect runs twice", async () => {
    const { referrer, referred } = await referralPair(t, 3);
    const orderId = await buyAndPay(referred);

    const [paid] = await t.db.select().from(serviceOrders).where(eq(serviceOrders.id, orderId));
    const replay = await t.db.transaction((tx) =>
      fulfilOrder(
        tx,
        t.deps.mailer,
        {
          orderId,
          provider: "stripe",
          providerPaymentId: paid.providerPaymentId ?? "",
          amountPaid: paid.price,
        },
        HOLD,
      ),
    );
    await t.db.transaction((tx) => applyPaidOrderToAffiliates(tx, paid, HOLD));

    expect(replay).toBe("already-paid");
    // 10% of $99.99 is $9.999.
    expect(await commissionEvents(referrer.user.id)).toEqual([
      { amount: "10.00", type: "affiliate", source_key: `commission:${orderId}` },
    ]);
    expect(await pending(referrer.user.id)).toBe("10.00");
    const stats = await referrer.agent.get(AFFILIATE_STATS_PATH);
    expect(stats.body.totalCommissions).toBe("10.00");
  });

  it("adds up every paid order of the referral, also when they are paid at the same time", async () => {
    const { referrer, referred } = await referralPair(t, 1);
    const domain = await insertDomain(t.db, referred.user.id);
    const orders = [
      await orderAppraisal(referred.agent, domain.id),
      await orderAppraisal(referred.agent, domain.id),
      await orderAppraisal(referred.agent, domain.id),
    ];

    await Promise.all(orders.map((id) => payForReal(id)));

    // 5% of $99.99 is $4.9995, three times.
    const events = await commissionEvents(referrer.user.id);
    expect(events.map((e) => e.amount)).toEqual(["5.00", "5.00", "5.00"]);
    expect((await referrer.agent.get(AFFILIATES_PATH)).body[0].totalCommissions).toBe("15.00");
    expect(await pending(referrer.user.id)).toBe("15.00");
  });

  it("credits nobody for the paid order of a user who was not referred", async () => {
    const buyer = await signUp(t.app);
    const orderId = await buyAndPay(buyer);
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from revenue_events where source_key = ${`commission:${orderId}`}`,
    );
    expect(rows[0].n).toBe(0);
  });

  it("credits nothing for an order that was never paid", async () => {
    const { referrer, referred } = await referralPair(t, 3);
    const domain = await insertDomain(t.db, referred.user.id);
    await orderAppraisal(referred.agent, domain.id);
    expect(await commissionEvents(referrer.user.id)).toEqual([]);
  });

  it("pays a personal-link referral's commission at level 1", async () => {
    const referrer = await signUp(t.app);
    const referred = await signUp(t.app, { referralCode: referrer.user.referralCode });
    await buyAndPay(referred);
    expect((await commissionEvents(referrer.user.id)).map((e) => e.amount)).toEqual(["5.00"]);
  });
});

describe("self-referral", () => {
  it("a second account made on the referrer's own device is no referral: it earns the referrer nothing, and both accounts are flagged for staff", async () => {
    const referrer = await signUp(t.app);
    const code = await referralCodeOf(t.db, referrer.user.id);
    // The fourth round's second account: a plus-address, registered in the same browser.
    const plus = referrer.input.email.replace("@", "+second@");
    const res = await referrer.agent.post(AUTH_PATHS.register).send({
      name: "Second Me",
      username: `second${Date.now().toString(36)}`,
      email: plus,
      password: "second-password-1",
      referralCode: code,
    });
    expect(res.status).toBe(201);
    const secondId = res.body.user.id as string;
    const { rows } = await t.db.execute<{ referred_by: string | null }>(
      sql`select referred_by from users where id = ${secondId}`,
    );
    expect(rows[0].referred_by).toBeNull();
    // Its purchases (the agent is signed in as the second account now) pay the referrer nothing.
    await buyAndPay({ agent: referrer.agent, user: { id: secondId } });
    expect(await commissionEvents(referrer.user.id)).toEqual([]);
    expect(await heldOf(t.db, referrer.user.id)).toEqual({ available: "0.00", pending: "0.00" });
    const flags = await t.db.execute<{ user_id: string; detail: { reason: string } }>(
      sql`select user_id, detail from audit_log where event = 'self_referral_refused' and (user_id = ${referrer.user.id} or user_id = ${secondId})`,
    );
    expect(flags.rows.map((r) => r.user_id).sort()).toEqual([referrer.user.id, secondId].sort());
    expect(flags.rows[0].detail.reason).toBe("same device");

    // From another browser the same code refers as ever.
    const stranger = await signUp(t.app, { referralCode: code });
    const linked = await t.db.execute<{ referred_by: string | null }>(
      sql`select referred_by from users where id = ${stranger.user.id}`,
    );
    expect(linked.rows[0].referred_by).toBe(referrer.user.id);
  });
});

describe("a paid tier upgrade", () => {
  async function buyTier(agent: Agent, tier: string, price: string) {
    const res = await agent.post(OFFERS.tierUpgrade.path).send({ tier, price });
    expect(res.status).toBe(201);
    await payOnSandbox(agent, res.body.orderId);
  }

  it("raises the buyer's affiliate rates to the tier's rate, and later commissions use it", async () => {
    const { referrer, referred } = await referralPair(t, 1);

    await buyTier(referrer.agent, "gold", "299.00");
    const orderId = await buyAndPay(referred);

    expect((await referrer.agent.get(AFFILIATES_PATH)).body[0].commissionRate).toBe(15);
    // 15% of $99.99 is $14.9985.
    expect(await commissionEvents(referrer.user.id)).toContainEqual({
      amount: "15.00",
      type: "affiliate",
      source_key: `commission:${orderId}`,
    });
  });

  it("gives affiliates invited afterwards the tier's rate when it beats their level's", async () => {
    const { agent } = await signUp(t.app);
    await buyTier(agent, "silver", "99.00");
    await buyTier(agent, "platinum", "599.00");

    const invited = await invite(agent, { email: newEmail(), level: 1 });

    expect(invited.commissionRate).toBe(20);
  });

  it("never lowers a rate that is already higher: a lower tier is not sold over a higher one", async () => {
    const { referrer } = await referralPair(t, 3);
    await buyTier(referrer.agent, "platinum", "599.00");
    const lower = await referrer.agent.post(OFFERS.tierUpgrade.path).send({ tier: "silver", price: "99.00" });
    expect(lower.status).toBe(409);
    expect((await referrer.agent.get(AFFILIATES_PATH)).body[0].commissionRate).toBe(20);
  });

  it("changes nothing while it is unpaid", async () => {
    const { referrer } = await referralPair(t, 2);
    const res = await referrer.agent.post(OFFERS.tierUpgrade.path).send({ tier: "diamond", price: "999.00" });
    expect(res.status).toBe(201);
    expect((await referrer.agent.get(AFFILIATES_PATH)).body[0].commissionRate).toBe(7);
  });

  it("earns the buyer's referrer commission like any other order", async () => {
    const { referrer, referred } = await referralPair(t, 2);
    const res = await referred.agent.post(OFFERS.tierUpgrade.path).send({ tier: "gold", price: "299.00" });
    await payForReal(res.body.orderId);
    // 7% of $299.00 is $20.93.
    expect((await commissionEvents(referrer.user.id)).map((e) => e.amount)).toEqual(["20.93"]);
  });
});

describe("commission that is not money", () => {
  it("is recorded as test commission for a sandbox-paid order, and never enters a balance", async () => {
    const { referrer, referred, affiliate } = await referralPair(t, 2);
    const domain = await insertDomain(t.db, referred.user.id);
    const orderId = await orderAppraisal(referred.agent, domain.id);

    await payOnSandbox(referred.agent, orderId);

    const { rows } = await t.db.execute<{ amount: string; test: string | null }>(
      sql`select amount, metadata->>'test' as test from revenue_events where source_key = ${`commission:${orderId}`}`,
    );
    expect(rows).toEqual([{ amount: "7.00", test: "true" }]);
    const ledger = await t.db.execute(sql`select 1 from ledger_entries where user_id = ${referrer.user.id}`);
    expect(ledger.rows).toEqual([]);
    const balance = await referrer.agent.get(PAYMENT_PATHS.balance);
    expect(balance.body).toMatchObject({ availableBalance: "0.00", pendingBalance: "0.00", paidOut: "0.00" });
    const list = await referrer.agent.get(AFFILIATES_PATH);
    expect(list.body).toEqual([
      expect.objectContaining({ id: affiliate.id, totalCommissions: "0.00", testCommissions: "7.00" }),
    ]);
  });

  it("is never earned on a buyer's own purchase, directly or through a referral chain back to them", async () => {
    // Links the registration flows refuse, as old data or a crafted chain could still hold them.
    const self = await signUp(t.app);
    await t.db.execute(sql`
      insert into affiliates (user_id, email, level, commission_rate, referral_code, referred_user_id, is_active)
      values (${self.user.id}, ${self.user.email}, 1, 5, ${`SELF${randomUUID().slice(0, 8)}`}, ${self.user.id}, true)
    `);
    const { referrer, referred } = await referralPair(t, 1);
    await t.db.execute(sql`
      insert into affiliates (user_id, email, level, commission_rate, referral_code, referred_user_id, is_active)
      values (${referred.user.id}, ${referrer.user.email}, 1, 5, ${`LOOP${randomUUID().slice(0, 8)}`}, ${referrer.user.id}, true)
    `);

    await buyAndPay(self);
    await buyAndPay(referrer);

    expect(await commissionEvents(self.user.id)).toEqual([]);
    expect(await commissionEvents(referred.user.id)).toEqual([]);
    const held = await t.db.execute(
      sql`select 1 from ledger_entries where user_id in (${self.user.id}, ${referred.user.id})`,
    );
    expect(held.rows).toEqual([]);
  });
});
