import { and, desc, eq, sql } from "drizzle-orm";
import type { TSubscription } from "../../../shared/api/billing";
import { checkoutPagePath } from "../../../shared/api/checkout";
import { isOfferKey, OFFERS } from "../../../shared/catalog";
import { centsToDecimal, toCents } from "../../../shared/money";
import { type Subscription, subscriptions } from "../../../shared/schema";
import { billingNow } from "../../db/billing-clock";
import type { Db } from "../../db/pool";
import { AppError, notFound } from "../../http/app-error";
import type { Mailer } from "../../mail/mailer";
import type { PaidContext } from "../../payments/money-effects";
import type { Payments } from "../../payments/payments";
import { subscriptionsOf } from "../../payments/paypal-subscriptions";
import {
  changeStripeOption,
  openStripePortal,
  setStripeCancelAtPeriodEnd,
} from "../../payments/stripe-subscriptions";
import { recordSubscriptionPayment } from "./record-renewal";
import { lockSubscription, updateSubscription } from "./subscription-lifecycle";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user's subscriptions, newest first, each with where to pay when it is past due. */
export async function listSubscriptions(options: { db: Db; userId: string }): Promise<TSubscription[]> {
  const rows = await options.db
    .select({
      sub: subscriptions,
      payOrderId: sql<string | null>`(
        select o.id::text from service_orders o
        where o.user_id = "subscriptions"."user_id" and o.status = 'pending'
          and o.metadata->>'subscriptionId' = "subscriptions"."id"::text
        order by o.created_at desc limit 1)`,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, options.userId))
    .orderBy(desc(subscriptions.createdAt));
  return rows.map(({ sub, payOrderId }) => ({
    id: sub.id,
    offer: sub.offerId,
    option: sub.description,
    request: sub.request,
    amount: sub.amount,
    provider: sub.provider,
    status: sub.status,
    currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    graceEndsAt: sub.graceEndsAt?.toISOString() ?? null,
    payUrl:
      sub.status === "past_due" || sub.status === "lapsed"
        ? payOrderId
          ? checkoutPagePath(payOrderId)
          : null
        : null,
  }));
}

async function ownSubscription(db: Db, userId: string, id: string): Promise<Subscription> {
  if (!UUID.test(id)) throw notFound("Subscription");
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
  if (!sub) throw notFound("Subscription");
  return sub;
}

const providerDown = () =>
  new AppError("UNAVAILABLE", "The payment provider is unavailable right now. Please try again.");

/**
 * Cancel at the period end (what it grants lasts until then and not a day longer) or resume
 * before then: at the provider first, then here, so the two never disagree for long (the
 * provider's own event confirms it later and changes nothing more).
 */
export async function setCancelAtPeriodEnd(options: {
  db: Db;
  payments: Payments;
  userId: string;
  id: string;
  cancel: boolean;
}): Promise<TSubscription> {
  const { db, payments, cancel } = options;
  const sub = await ownSubscription(db, options.userId, options.id);
  if (sub.status === "canceled" || sub.status === "lapsed")
    throw new AppError("CONFLICT", "This subscription has ended.");
  if (sub.cancelAtPeriodEnd !== cancel && sub.providerSubscriptionId) {
    const remote = sub.providerSubscriptionId;
    const call =
      sub.provider === "stripe" && payments.stripe
        ? setStripeCancelAtPeriodEnd(payments.stripe, remote, cancel)
        : sub.provider === "paypal" && payments.paypal
          ? cancel
            ? subscriptionsOf(payments.paypal).suspend(remote)
            : subscriptionsOf(payments.paypal).activate(remote)
          : Promise.reject(providerDown());
    await call.catch((err: unknown) => {
      throw err instanceof AppError ? err : providerDown();
    });
  }
  await db.transaction(async (tx) => {
    const locked = await lockSubscription(tx, sub.id);
    if (locked) await updateSubscription(tx, locked, { cancelAtPeriodEnd: cancel }, await billingNow(tx));
  });
  const [answer] = (await listSubscriptions(options)).filter((s) => s.id === sub.id);
  return answer;
}

/**
 * Another option of the same offer (another plan, tier or set of tools), re-priced from the
 * catalogue: Stripe prorates; the sandbox charges the difference for the rest of the period now;
 * PayPal plans cannot be swapped without the buyer's approval, so that is refused.
 */
export async function changeOption(options: {
  db: Db;
  mailer: Mailer;
  payments: Payments;
  paid: PaidContext;
  userId: string;
  id: string;
  request: Record<string, unknown>;
}): Promise<TSubscription> {
  const { db, payments } = options;
  const sub = await ownSubscription(db, options.userId, options.id);
  if (sub.status !== "active")
    throw new AppError("CONFLICT", "Only an active subscription can change its option.");
  if (!isOfferKey(sub.offerId)) throw notFound("Offer");
  const quote = OFFERS[sub.offerId].quote(options.request);
  if (quote.sentPrice !== null && toCents(quote.sentPrice) !== toCents(quote.price))
    throw new AppError("CONFLICT", "Price mismatch");
  const description = quote.describe(null);
  if (sub.provider === "paypal")
    throw new AppError(
      "CONFLICT",
      "A PayPal subscription changes by cancelling it and subscribing to the new option.",
    );
  if (sub.provider === "stripe") {
    if (!payments.stripe || !sub.providerSubscriptionId) throw providerDown();
    await changeStripeOption(payments.stripe, sub.providerSubscriptionId, {
      price: quote.price,
      description,
    }).catch(() => {
      throw providerDown();
    });
  }
  await db.transaction(async (tx) => {
    const locked = await lockSubscription(tx, sub.id);
    if (!locked) return;
    const now = await billingNow(tx);
    if (locked.provider === "sandbox") {
      const period = locked.currentPeriodEnd.getTime() - locked.currentPeriodStart.getTime();
      const left = Math.max(0, locked.currentPeriodEnd.getTime() - now.getTime());
      const difference = Math.round(
        ((toCents(quote.price) - toCents(locked.amount)) * left) / Math.max(period, 1),
      );
      if (difference > 0) {
        await recordSubscriptionPayment(
          tx,
          options.mailer,
          locked,
          {
            kind: "proration",
            provider: "sandbox",
            providerPaymentId: `sandbox_proration_${locked.id}_${now.getTime()}`,
            amount: centsToDecimal(difference),
          },
          options.paid,
        );
      }
    }
    const current = (await lockSubscription(tx, sub.id)) ?? locked;
    await updateSubscription(tx, current, { request: quote.body, amount: quote.price, description }, now);
  });
  const [answer] = (await listSubscriptions(options)).filter((s) => s.id === sub.id);
  return answer;
}

/** The Stripe Customer Portal for the user's Stripe customer. */
export async function openBillingPortal(options: {
  db: Db;
  payments: Payments;
  userId: string;
  returnUrl: string;
}): Promise<{ url: string }> {
  const [sub] = await options.db
    .select({ customer: subscriptions.providerCustomerId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, options.userId),
        eq(subscriptions.provider, "stripe"),
        sql`${subscriptions.providerCustomerId} is not null`,
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  if (!sub?.customer) throw notFound("Card billing account");
  // A Stripe customer on record while Stripe is unset is the deployment's fault, not the user's.
  const stripe = options.payments.stripe;
  if (!stripe) throw new AppError("UNAVAILABLE", "Card billing is not configured.");
  const url = await openStripePortal(stripe, sub.customer, options.returnUrl).catch(() => {
    throw providerDown();
  });
  return { url };
}
