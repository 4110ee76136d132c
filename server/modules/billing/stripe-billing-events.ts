import type Stripe from "stripe";
import { centsToDecimal } from "../../../shared/money";
import type { Subscription } from "../../../shared/schema";
import { billingNow } from "../../db/billing-clock";
import type { Db } from "../../db/pool";
import type { Tx } from "../../db/tx";
import type { Logger } from "../../lib/logger";
import type { Mailer } from "../../mail/mailer";
import { fulfilOrder } from "../../payments/fulfil-order";
import type { PaidContext, Payment } from "../../payments/money-effects";
import {
  firstDelivery,
  isStale,
  linkProviderSubscription,
  lockProviderSubscription,
} from "./provider-events";
import { recordSubscriptionPayment } from "./record-renewal";
import { endSubscription, failRenewal, updateSubscription } from "./subscription-lifecycle";

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);
const at = (seconds: number) => new Date(seconds * 1000);

/** The subscription an invoice bills (its parent in current API versions, a field in older ones). */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(invoice.parent?.subscription_details?.subscription ?? legacy);
}

/** The payment intent that paid an invoice (what a refund's charge names), else the invoice id. */
function invoicePaymentId(invoice: Stripe.Invoice): string {
  const legacy = (invoice as unknown as { payment_intent?: string | { id: string } | null }).payment_intent;
  const paid = invoice.payments?.data?.find((p) => p.payment?.payment_intent)?.payment?.payment_intent;
  return idOf(paid ?? legacy) ?? invoice.id ?? "";
}

/**
 * How fulfilment keeps an invoice's payment: under the payment intent that paid it when known (a
 * refund or a dispute names it), with the invoice's own id beside it, so either finds the order.
 */
function invoicePayment(invoice: Stripe.Invoice): Pick<Payment, "providerPaymentId" | "idKind" | "otherIds"> {
  const id = invoicePaymentId(invoice);
  const byIntent = invoice.id !== undefined && id !== invoice.id;
  return {
    providerPaymentId: id,
    idKind: byIntent ? "payment_intent" : "invoice",
    otherIds: byIntent && invoice.id ? [{ id: invoice.id, kind: "invoice" }] : [],
  };
}

/** A subscription's current period, from its first item (where current API versions keep it). */
export function periodOf(sub: Stripe.Subscription): { start: Date; end: Date } | undefined {
  const item = sub.items?.data?.[0];
  return item ? { start: at(item.current_period_start), end: at(item.current_period_end) } : undefined;
}

/**
 * Current API versions send an invoice without what paid it; a refund names the payment intent,
 * so the invoice is read again with its payments (before any transaction opens). Should Stripe be
 * unreachable, the invoice id stands in and the renewal is still recorded.
 */
async function withPayments(ctx: Context, invoice: Stripe.Invoice): Promise<Stripe.Invoice> {
  if (!invoice.id || invoicePaymentId(invoice) !== invoice.id) return invoice;
  return ctx.stripe.invoices.retrieve(invoice.id, { expand: ["payments"] }).catch((err: unknown) => {
    ctx.logger.warn({ err, invoiceId: invoice.id }, "stripe invoice payments could not be read");
    return invoice;
  });
}

const STATUS: Record<string, Subscription["status"]> = {
  active: "active",
  trialing: "active",
  past_due: "past_due",
  unpaid: "lapsed",
  canceled: "canceled",
  incomplete_expired: "canceled",
};

interface Context {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  stripe: Stripe;
  paid: PaidContext;
}

/** The first payment of a subscription Checkout: the order is fulfilled and its subscription linked. */
async function checkoutCompleted(
  ctx: Context,
  event: Stripe.Event,
  tx: Tx,
  session: Stripe.Checkout.Session,
  remote: Stripe.Subscription | null,
  invoice: Stripe.Invoice | null,
) {
  const orderId = session.metadata?.orderId ?? session.client_reference_id;
  const subscriptionId = idOf(session.subscription);
  if (!orderId || !subscriptionId || session.payment_status !== "paid") return;
  const paid = invoice
    ? invoicePayment(invoice)
    : { providerPaymentId: session.id, idKind: "checkout_session" as const, otherIds: [] };
  await fulfilOrder(
    tx,
    ctx.mailer,
    {
      orderId,
      provider: "stripe",
      ...paid,
      otherIds: [...(paid.otherIds ?? []), { id: session.id, kind: "checkout_session" }],
      amountPaid: centsToDecimal(session.amount_total ?? 0),
    },
    ctx.paid,
  );
  await linkProviderSubscription(tx, {
    firstOrderId: orderId,
    provider: "stripe",
    providerSubscriptionId: subscriptionId,
    customerId: idOf(session.customer),
    period: remote ? periodOf(remote) : undefined,
    eventAt: at(event.created),
  });
}

async function invoicePaid(
  ctx: Context,
  event: Stripe.Event,
  tx: Tx,
  sub: Subscription,
  invoice: Stripe.Invoice,
) {
  // The first invoice is the Checkout's own payment, fulfilled by checkout.session.completed.
  if (invoice.billing_reason === "subscription_create") return;
  const line = invoice.lines?.data?.[0]?.period;
  const renewal = invoice.billing_reason === "subscription_cycle";
  const eventAt = at(event.created);
  await recordSubscriptionPayment(
    tx,
    ctx.mailer,
    sub,
    {
      kind: renewal ? "renewal" : "proration",
      provider: "stripe",
      ...invoicePayment(invoice),
      amount: centsToDecimal(invoice.amount_paid),
      ...(renewal && line ? { periodStart: at(line.start), periodEnd: at(line.end) } : {}),
    },
    ctx.paid,
  );
  const after = await lockProviderSubscription(tx, "stripe", sub.providerSubscriptionId ?? "");
  if (!after) return;
  // A payment older than the newest state keeps its period but not its "active".
  const patch = isStale(sub, eventAt)
    ? { status: sub.status, graceEndsAt: sub.graceEndsAt, endedAt: sub.endedAt }
    : { lastEventAt: eventAt };
  await updateSubscription(tx, after, patch, await billingNow(tx));
}

async function subscriptionUpdated(
  tx: Tx,
  event: Stripe.Event,
  sub: Subscription,
  remote: Stripe.Subscription,
) {
  const eventAt = at(event.created);
  if (isStale(sub, eventAt)) return;
  const status = STATUS[remote.status] ?? sub.status;
  const period = periodOf(remote);
  const price = remote.items?.data?.[0]?.price?.unit_amount;
  await updateSubscription(
    tx,
    sub,
    {
      status,
      cancelAtPeriodEnd: remote.cancel_at_period_end,
      ...(period ? { currentPeriodStart: period.start, currentPeriodEnd: period.end } : {}),
      ...(typeof price === "number" ? { amount: centsToDecimal(price) } : {}),
      ...(status === "active" ? { graceEndsAt: null } : {}),
      ...(status === "lapsed" || status === "canceled" ? { endedAt: eventAt } : {}),
      lastEventAt: eventAt,
    },
    await billingNow(tx),
  );
}

/**
 * The Stripe Billing events of a verified webhook (docs/money.md#subscriptions-and-entitlements), each applied once (stored by id
 * in the same transaction) and never over a newer state of the same subscription. Answers false
 * for events that are not about subscriptions, which the payment webhook handles.
 */
export async function handleStripeBillingEvent(ctx: Context, event: Stripe.Event): Promise<boolean> {
  const object = event.data.object as { object?: string; mode?: string };
  const isSubscriptionCheckout =
    event.type === "checkout.session.completed" && object.mode === "subscription";
  const types = [
    "invoice.paid",
    "invoice.payment_failed",
    "customer.subscription.updated",
    "customer.subscription.deleted",
  ];
  if (!isSubscriptionCheckout && !types.includes(event.type)) return false;

  // The subscription's period is asked of Stripe before the transaction, never while holding it.
  const session = event.data.object as Stripe.Checkout.Session;
  const linked = isSubscriptionCheckout ? idOf(session.subscription) : null;
  const remote = linked ? await ctx.stripe.subscriptions.retrieve(linked) : null;
  const firstInvoiceId = isSubscriptionCheckout ? idOf(session.invoice) : null;
  const firstInvoice = firstInvoiceId
    ? await withPayments(ctx, { id: firstInvoiceId } as Stripe.Invoice)
    : null;
  const paidInvoice =
    event.type === "invoice.paid" ? await withPayments(ctx, event.data.object as Stripe.Invoice) : null;
  await ctx.db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, { provider: "stripe", id: event.id, type: event.type }))) return;
    if (isSubscriptionCheckout) return checkoutCompleted(ctx, event, tx, session, remote, firstInvoice);
    const remoteId = event.type.startsWith("invoice.")
      ? invoiceSubscription(event.data.object as Stripe.Invoice)
      : (event.data.object as Stripe.Subscription).id;
    const sub = remoteId ? await lockProviderSubscription(tx, "stripe", remoteId) : null;
    if (!sub) {
      ctx.logger.warn({ eventId: event.id, remoteId }, "stripe billing event for an unknown subscription");
      return;
    }
    const eventAt = at(event.created);
    switch (event.type) {
      case "invoice.paid":
        return invoicePaid(ctx, event, tx, sub, paidInvoice ?? (event.data.object as Stripe.Invoice));
      case "invoice.payment_failed": {
        if (isStale(sub, eventAt)) return;
        const invoice = event.data.object as Stripe.Invoice;
        const failed = await failRenewal(tx, ctx.mailer, sub, {
          at: eventAt,
          payUrl: invoice.hosted_invoice_url ?? "/settings#billing",
        });
        await updateSubscription(tx, failed, { lastEventAt: eventAt }, eventAt);
        return;
      }
      case "customer.subscription.updated":
        return subscriptionUpdated(tx, event, sub, event.data.object as Stripe.Subscription);
      case "customer.subscription.deleted": {
        const remote = event.data.object as Stripe.Subscription;
        const endedAt = remote.ended_at ? at(remote.ended_at) : eventAt;
        await endSubscription(tx, sub, endedAt);
        return;
      }
    }
  });
  return true;
}
