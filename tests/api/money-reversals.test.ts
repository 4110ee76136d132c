import { and, eq, sql } from "drizzle-orm";
import type { Agent } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveBillingClock } from "../../server/db/billing-clock";
import { settleMissedCampaigns } from "../../server/modules/affiliates/settle-campaign";
import { ADMIN_MONEY_PATHS } from "../../shared/api/admin/money";
import { ADMIN_ORDERS_PATHS } from "../../shared/api/admin/orders";
import type { TMarketplaceTransaction } from "../../shared/api/marketplace/deals";
import { marketplaceDealPaths } from "../../shared/api/marketplace/deals";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { OFFERS } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import {
  domains,
  marketplaceTransactions,
  serviceOrders,
  subscriptions,
  unmatchedPayments,
} from "../../shared/schema";
import { referralPair } from "../factories/affiliates";
import { orderAccountPlan } from "../factories/billing";
import { recordLeaseRenewal, sellerAndBuyer } from "../factories/deals";
import { heldOf } from "../factories/payments";
import { type Staff, signInStaff } from "../factories/staff";
import { signUp } from "../factories/users";
import { paidCheckoutSession, signedStripeEvent } from "../factories/webhooks";
import { type DnsServer, startDnsServer } from "../setup/dns-server";
import { fakeSubscription, startFakeStripe } from "../setup/fake-stripe";
import { createTestAppWith, type TestApp } from "../setup/test-app";

/**
 * The money that came in goes back the way it came (docs/money.md#refunds-and-chargebacks): each
 * test replays one way a refund or a chargeback left money behind, through Stripe's signed
 * webhooks and the console, as a provider and staff would.
 */
const SECRET = "whsec_test_money_reversals";
let t: TestApp;
let dns: DnsServer;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let staff: Staff;
beforeAll(async () => {
  ({ t, dns, stripe } = await createTestAppWith(
    { dns: startDnsServer, stripe: startFakeStripe },
    (fakes) => ({
      DNS_SERVERS: fakes.dns.address,
      ...fakes.stripe.env(SECRET),
    }),
  ));
  staff = await signInStaff(t);
});
afterAll(() => t.close());

let sequence = 0;
const newId = (prefix: string) => `${prefix}_${++sequence}_${Math.random().toString(36).slice(2, 10)}`;
/** A signed Stripe event, each a second after the one before (Stripe's own ordering key). */
const deliver = (type: string, object: Record<string, unknown>) =>
  signedStripeEvent(t.app, SECRET, type, object, { created: Math.floor(Date.now() / 1000) + ++sequence });

/** Pays an order by card as Stripe's signed webhook says; answers the payment intent. */
async function payByCard(orderId: string, amount: string): Promise<string> {
  const intent = newId("pi");
  const session = {
    ...paidCheckoutSession(orderId, Math.round(Number(amount) * 100), intent),
    id: newId("cs"),
  };
  expect((await deliver("checkout.session.completed", session)).status).toBe(200);
  return intent;
}

/** Stripe's word that `cents` of the payment `intent` are refunded so far. */
const refunded = (intent: string, cents: number) =>
  deliver("charge.refunded", {
    id: newId("ch"),
    object: "charge",
    payment_intent: intent,
    amount_refunded: cents,
  });

/** Stripe's word that the buyer's bank took the payment `intent` back. */
const chargedBack = (intent: string, disputeId: string, cents: number) =>
  deliver("charge.dispute.created", {
    id: disputeId,
    object: "dispute",
    payment_intent: intent,
    charge: newId("ch"),
    amount: cents,
    status: "needs_response",
  });

const staffRefund = (orderId: string, amount?: string) =>
  staff.agent
    .post(pathTo(ADMIN_ORDERS_PATHS.refunds, { id: orderId }))
    .send({ amount, reason: "Agreed with the buyer" });

const payout = (agent: Agent, amount: string) =>
  agent.post(PAYMENT_PATHS.payout).send({ amount, paypalEmail: "owner@wallet.test" });

const sale = async (agent: Agent, id: string) =>
  (await agent.get(pathTo(marketplaceDealPaths.transaction, { id }))).body as TMarketplaceTransaction;

/** The buyer publishes the sale's TXT record on the test DNS server, confirms the transfer and accepts the name. */
async function transferAndAccept(buyer: Agent, id: string) {
  const before = await sale(buyer, id);
  if (!before.transfer) throw new Error("no transfer record to publish");
  dns.publishTxt(before.transfer.txtRecord.name, before.transfer.txtRecord.value);
  expect((await buyer.post(pathTo(marketplaceDealPaths.confirmTransfer, { id }))).status).toBe(200);
  expect((await buyer.post(pathTo(marketplaceDealPaths.acceptTransaction, { id }))).status).toBe(200);
}

const copiesOf = (name: string) => t.db.select().from(domains).where(eq(domains.name, name));

describe("a missed campaign's returned bonus", () => {
  it("goes with the refund of the campaign's payment: withdrawn first, it leaves the balance negative and no payout passes", async () => {
    const buyer = await signUp(t.app);
    const order = await buyer.agent
      .post(OFFERS.recruitmentIncentive.path)
      .send({ goal: 10, bonusAmount: "500.00", duration: 30 });
    const intent = await payByCard(order.body.orderId, "500.00");
    const at31 = await moveBillingClock(t.db, 31 * 86_400);
    expect(await settleMissedCampaigns({ db: t.db, now: at31 })).toEqual({ missed: 1 });
    expect(await heldOf(t.db, buyer.user.id)).toEqual({ available: "500.00", pending: "0.00" });
    expect((await payout(buyer.agent, "500.00")).status).toBe(201);

    expect((await refunded(intent, 50_000)).status).toBe(200);

    expect(await heldOf(t.db, buyer.user.id)).toEqual({ available: "-500.00", pending: "0.00" });
    expect((await payout(buyer.agent, "50.00")).status).toBe(422);
  });
});

describe("partial refunds of an escrow sale", () => {
  it("after completion take each part's share of the seller's proceeds ($500 of $1,000: $425 of $850), from the console and from Stripe", async () => {
    const { seller, buyer, domain } = await sellerAndBuyer(t.app, t.db, "1000.00");
    const opened = await buyer.agent.post(marketplaceDealPaths.transactions).send({ domainId: domain.id });
    const intent = await payByCard(opened.body.orderId, "1000.00");
    await transferAndAccept(buyer.agent, opened.body.id);
    expect(await heldOf(t.db, seller.user.id)).toEqual({ available: "0.00", pending: "850.00" });

    expect((await staffRefund(opened.body.orderId, "500.00")).status).toBe(201);
    expect(await heldOf(t.db, seller.user.id)).toEqual({ available: "0.00", pending: "425.00" });
    // Stripe reports the running total: $999.99 refunded in all, so $499.99 more.
    expect((await refunded(intent, 99_999)).status).toBe(200);

    expect(await heldOf(t.db, seller.user.id)).toEqual({ available: "0.00", pending: "0.01" });
    expect(await sale(buyer.agent, opened.body.id)).toMatchObject({ status: "completed" });
  });

  it("before the transfer leave the seller only the rest's proceeds at completion ($990 of $1,000: $8.50)", async () => {
    const { seller, buyer, domain } = await sellerAndBuyer(t.app, t.db, "1000.00");
    const opened = await buyer.agent.post(marketplaceDealPaths.transactions).send({ domainId: domain.id });
    await payByCard(opened.body.orderId, "1000.00");

    expect((await staffRefund(opened.body.orderId, "990.00")).status).toBe(201);
    await transferAndAccept(buyer.agent, opened.body.id);

    expect(await heldOf(t.db, seller.user.id)).toEqual({ available: "0.00", pending: "8.50" });
  });
});

describe("a lease whose instalments are charged back", () => {
  it("does not leave the name with the lessee: paid off and transferred, a chargeback takes it back to the seller", {
    timeout: 120_000,
  }, async () => {
    const { seller, buyer, domain } = await sellerAndBuyer(t.app, t.db, "1200.00");
    const financing = await seller.agent
      .post(OFFERS.financing.path)
      .send({ domainId: domain.id, terms: "12", setupFee: "299.99" });
    await payByCard(financing.body.orderId, "299.99");
    const opened = await buyer.agent
      .post(marketplaceDealPaths.transactions)
      .send({ domainId: domain.id, kind: "lease", months: 12 });
    const intents = [await payByCard(opened.body.orderId, "102.73")];
    const [row] = await t.db
      .select()
      .from(marketplaceTransactions)
      .where(eq(marketplaceTransactions.id, opened.body.id));
    for (let n = 2; n <= 12; n += 1) {
      const [sub] = await t.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, row.subscriptionId ?? ""));
      const intent = newId("pi");
      await recordLeaseRenewal(t, sub, intent);
      intents.push(intent);
    }
    await transferAndAccept(buyer.agent, opened.body.id);

    for (const intent of intents.slice(1))
      expect((await chargedBack(intent, newId("dp"), 10_273)).status).toBe(200);

    expect(await sale(buyer.agent, opened.body.id)).toMatchObject({ status: "charged_back" });
    const copies = await copiesOf(domain.name);
    expect(copies.filter((d) => d.verifiedAt !== null).map((d) => d.userId)).toEqual([seller.user.id]);
    // The seller keeps the first instalment's proceeds (less 15%) and nothing of the eleven taken back.
    expect(await heldOf(t.db, seller.user.id)).toEqual({ available: "0.00", pending: "87.32" });
  });
});

describe("a subscription's first payment", () => {
  async function subscribed(intent: string | null) {
    const { referrer, referred: buyer } = await referralPair(t, 3);
    const orderId = await orderAccountPlan(buyer.agent, "business");
    const remote = newId("sub");
    stripe.subscriptions.set(remote, fakeSubscription(remote));
    const invoiceId = newId("in");
    const paidBy = { payment: { type: "payment_intent", payment_intent: intent ?? newId("pi") } };
    stripe.invoices.set(invoiceId, {
      id: invoiceId,
      object: "invoice",
      payments: { object: "list", data: [paidBy] },
    });
    if (!intent) stripe.invoices.delete(invoiceId);
    const res = await deliver("checkout.session.completed", {
      id: newId("cs"),
      object: "checkout.session",
      mode: "subscription",
      client_reference_id: orderId,
      metadata: { orderId },
      payment_status: "paid",
      currency: "usd",
      amount_total: 7900,
      subscription: remote,
      customer: `cus_${remote}`,
      invoice: invoiceId,
    });
    expect(res.status).toBe(200);
    return { referrer, buyer, orderId, invoiceId, intent: paidBy.payment.payment_intent, paidBy };
  }
  const planOf = async (userId: string) =>
    (await t.db.execute<{ plan: string }>(sql`select plan from users where id = ${userId}`)).rows[0].plan;

  it("refunded, by the payment intent Stripe names, ends the plan and takes back the referrer's commission", async () => {
    const { referrer, buyer, intent } = await subscribed(newId("pi"));
    expect(await planOf(buyer.user.id)).toBe("business");
    expect(await heldOf(t.db, referrer.user.id)).toEqual({ available: "0.00", pending: "7.90" });

    expect((await refunded(intent, 7900)).status).toBe(200);

    expect(await planOf(buyer.user.id)).toBe("free");
    expect(await heldOf(t.db, referrer.user.id)).toEqual({ available: "0.00", pending: "0.00" });
  });

  it("charged back, when the invoice could not be read at payment, is found through Stripe's invoice payments", async () => {
    const { referrer, buyer, invoiceId, intent, paidBy } = await subscribed(null);
    // Stripe answers again: the invoice a payment intent paid can be listed now.
    stripe.invoices.set(invoiceId, {
      id: invoiceId,
      object: "invoice",
      payments: { object: "list", data: [paidBy] },
    });

    expect((await chargedBack(intent, newId("dp"), 7900)).status).toBe(200);

    expect(await planOf(buyer.user.id)).toBe("free");
    expect(await heldOf(t.db, referrer.user.id)).toEqual({ available: "0.00", pending: "0.00" });
  });
});

describe("a chargeback the platform wins", () => {
  it("puts back exactly what it took: the order is paid again and the commission is held again", async () => {
    const { referrer, referred } = await referralPair(t, 3);
    const order = await orderAccountPlan(referred.agent, "pro");
    const [row] = await t.db.select().from(serviceOrders).where(eq(serviceOrders.id, order));
    const intent = await payByCard(order, row.price);
    const dispute = newId("dp");
    const held = await heldOf(t.db, referrer.user.id);

    expect((await chargedBack(intent, dispute, 2900)).status).toBe(200);
    expect(await heldOf(t.db, referrer.user.id)).toEqual({ available: "0.00", pending: "0.00" });
    const closed = { id: dispute, object: "dispute", payment_intent: intent, amount: 2900, status: "won" };
    expect((await deliver("charge.dispute.closed", closed)).status).toBe(200);
    expect((await deliver("charge.dispute.funds_reinstated", closed)).status).toBe(200);

    expect(await heldOf(t.db, referrer.user.id)).toEqual(held);
    const [after] = await t.db.select().from(serviceOrders).where(eq(serviceOrders.id, order));
    expect(after).toMatchObject({ status: "paid", refundedAt: null });
  });
});

describe("money that no open order was waiting for", () => {
  it("a second Checkout Session paid for a paid order is refunded through Stripe at once, and staff see it", async () => {
    const buyer = await signUp(t.app);
    const orderId = await orderAccountPlan(buyer.agent, "pro");
    const [row] = await t.db.select().from(serviceOrders).where(eq(serviceOrders.id, orderId));
    await payByCard(orderId, row.price);

    const second = await payByCard(orderId, row.price);

    const refund = stripe.refunds.find((r) => r.payment_intent === second);
    expect(refund).toMatchObject({ amount: 2900 });
    const [kept] = await t.db
      .select()
      .from(unmatchedPayments)
      .where(eq(unmatchedPayments.providerPaymentId, second));
    expect(kept).toMatchObject({ status: "refunded", orderId, providerRefundId: refund?.id });
    const listed = await staff.agent.get(ADMIN_MONEY_PATHS.unmatchedPayments);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toContainEqual(
      expect.objectContaining({ providerPaymentId: second, status: "refunded", amount: "29.00" }),
    );
    // The order was paid once.
    const payments = await t.db.execute(
      sql`select 1 from transactions where order_id = ${orderId} and type = 'payment'`,
    );
    expect(payments.rows).toHaveLength(1);
  });

  it("a sale cancelled before its late payment gives the payment back, and the sale stays cancelled", async () => {
    const { buyer, domain } = await sellerAndBuyer(t.app, t.db, "700.00");
    const opened = await buyer.agent.post(marketplaceDealPaths.transactions).send({ domainId: domain.id });
    expect((await buyer.agent.post(pathTo(marketplaceDealPaths.cancel, { id: opened.body.id }))).status).toBe(
      200,
    );

    const late = await payByCard(opened.body.orderId, "700.00");

    expect(stripe.refunds.find((r) => r.payment_intent === late)).toMatchObject({ amount: 70_000 });
    expect(await sale(buyer.agent, opened.body.id)).toMatchObject({ status: "cancelled" });
    const [order] = await t.db
      .select({ status: serviceOrders.status })
      .from(serviceOrders)
      .where(and(eq(serviceOrders.id, opened.body.orderId)));
    expect(order.status).toBe("cancelled");
  });
});
