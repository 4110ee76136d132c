import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { moveBillingClock } from "../../server/db/billing-clock";
import { handleStripeBillingEvent } from "../../server/modules/billing/stripe-billing-events";
import { sweepSubscriptions } from "../../server/modules/billing/sweep-subscriptions";
import { paidContext } from "../../server/order-effects/order-effects";
import { fulfilOrder } from "../../server/payments/fulfil-order";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { pathTo } from "../../shared/path-to";
import { serviceOrders, subscriptions } from "../../shared/schema";
import type { TestApp } from "../setup/test-app";
import { referralPair } from "./affiliates";
import { orderAccountPlan } from "./billing";

const HOLD = paidContext(30);
const DAY_MS = 86_400_000;
const cents = (text: string | null | undefined) => Math.round(Number(text ?? 0) * 100);

/** Sums, in cents: what the buyer paid, what the referrer's commission and ledger say. */
async function reconcile(t: TestApp, buyerId: string, referrerId: string) {
  const { rows } = await t.db.execute<Record<string, string>>(sql`
    select
      (select coalesce(sum(price), 0) from service_orders where user_id = ${buyerId} and status = 'paid')::text as paid,
      (select count(*) from service_orders where user_id = ${buyerId} and status = 'paid')::text as payments,
      (select coalesce(sum(amount), 0) from revenue_events where user_id = ${referrerId} and type = 'affiliate')::text as commission,
      (select coalesce(sum(amount), 0) from ledger_entries where user_id = ${referrerId})::text as ledger,
      (select coalesce(available + pending, 0) from balances where user_id = ${referrerId})::text as balance
  `);
  const r = rows[0];
  return {
    payments: Number(r.payments),
    paidCents: cents(r.paid),
    commissionCents: cents(r.commission),
    ledgerCents: cents(r.ledger),
    balanceCents: cents(r.balance),
  };
}

/**
 * A year of a referred user's Business plan ($79 a month, 10% commission): twelve renewals by
 * the sandbox's billing clock (test money: commission recorded as test, nothing held), then the
 * same year through Stripe's renewal webhooks (real money: each commission held). Answers how
 * long each year took and the sums to reconcile.
 */
export async function runBillingYear(t: TestApp) {
  const sandbox = await referralPair(t, 3);
  const orderId = await orderAccountPlan(sandbox.referred.agent, "business");
  await sandbox.referred.agent.post(`${pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId })}?provider=stripe`);
  const sandboxStarted = performance.now();
  for (let month = 0; month < 12; month++) {
    const now = await moveBillingClock(t.db, 30 * 86_400);
    await sweepSubscriptions({ db: t.db, mailer: t.deps.mailer, paid: HOLD, appUrl: "http://app.test", now });
  }
  const sandboxMs = performance.now() - sandboxStarted;

  const card = await referralPair(t, 3);
  const cardOrder = await orderAccountPlan(card.referred.agent, "business");
  await t.db.transaction((tx) =>
    fulfilOrder(
      tx,
      t.deps.mailer,
      {
        orderId: cardOrder,
        provider: "stripe",
        providerPaymentId: `in_${randomUUID()}`,
        amountPaid: "79.00",
      },
      HOLD,
    ),
  );
  const remoteId = `sub_${randomUUID().slice(0, 12)}`;
  const [sub] = await t.db
    .update(subscriptions)
    .set({ providerSubscriptionId: remoteId })
    .where(eq(subscriptions.firstOrderId, cardOrder))
    .returning();
  const context = {
    db: t.db,
    mailer: t.deps.mailer,
    logger: t.deps.logger,
    stripe: {} as Stripe,
    paid: HOLD,
  };
  const cardStarted = performance.now();
  for (let month = 1; month <= 12; month++) {
    const start = Math.floor((sub.currentPeriodStart.getTime() + month * 30 * DAY_MS) / 1000);
    const invoice = {
      id: `in_${randomUUID()}`,
      object: "invoice",
      billing_reason: "subscription_cycle",
      amount_paid: 7900,
      parent: { subscription_details: { subscription: remoteId } },
      payment_intent: `pi_${randomUUID()}`,
      lines: { data: [{ period: { start, end: start + 30 * 86_400 } }] },
    };
    const event = {
      id: `evt_${randomUUID()}`,
      type: "invoice.paid",
      created: start,
      data: { object: invoice },
    };
    await handleStripeBillingEvent(context, event as unknown as Stripe.Event);
  }
  const cardMs = performance.now() - cardStarted;
  const [first] = await t.db.select().from(serviceOrders).where(eq(serviceOrders.id, cardOrder));

  return {
    sandboxMs,
    cardMs,
    sandbox: await reconcile(t, sandbox.referred.user.id, sandbox.referrer.user.id),
    card: await reconcile(t, card.referred.user.id, card.referrer.user.id),
    firstCardOrderPaid: first.status === "paid",
  };
}
