import { eq } from "drizzle-orm";
import { serviceOrders } from "../../../shared/schema";
import { billingNow } from "../../db/billing-clock";
import type { Db } from "../../db/pool";
import type { Tx } from "../../db/tx";
import type { Logger } from "../../lib/logger";
import type { Mailer } from "../../mail/mailer";
import { fulfilOrder } from "../../payments/fulfil-order";
import type { PaidContext } from "../../payments/money-effects";
import { refundOrder } from "../../payments/refund-order";
import {
  firstDelivery,
  isStale,
  linkProviderSubscription,
  lockProviderSubscription,
} from "./provider-events";
import { recordSubscriptionPayment } from "./record-renewal";
import { addDays, endSubscription, failRenewal, updateSubscription } from "./subscription-lifecycle";

/** The event types of PayPal Subscriptions this handler applies. */
const SUBSCRIPTION_EVENTS = new Set([
  "BILLING.SUBSCRIPTION.ACTIVATED",
  "PAYMENT.SALE.COMPLETED",
  "PAYMENT.SALE.REFUNDED",
  "PAYMENT.SALE.REVERSED",
  "BILLING.SUBSCRIPTION.PAYMENT.FAILED",
  "BILLING.SUBSCRIPTION.SUSPENDED",
  "BILLING.SUBSCRIPTION.CANCELLED",
  "BILLING.SUBSCRIPTION.EXPIRED",
]);

export interface PayPalBillingEvent {
  id: string;
  event_type: string;
  create_time?: string;
  resource?: {
    id?: string;
    custom_id?: string;
    custom?: string;
    billing_agreement_id?: string;
    sale_id?: string;
    amount?: { total?: string; value?: string };
    links?: { rel?: string; href?: string }[];
  };
}

interface Context {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  paid: PaidContext;
}

/** A sale of a subscription: the first one fulfils the order that started it, later ones renew. */
async function saleCompleted(ctx: Context, tx: Tx, event: PayPalBillingEvent, eventAt: Date) {
  const sale = event.resource ?? {};
  const remoteId = sale.billing_agreement_id;
  const amount = sale.amount?.total ?? sale.amount?.value;
  if (!remoteId || !sale.id || !amount) return;
  const sub = await lockProviderSubscription(tx, "paypal", remoteId);
  if (!sub) {
    const orderId = sale.custom ?? sale.custom_id;
    const [order] = orderId
      ? await tx.select({ id: serviceOrders.id }).from(serviceOrders).where(eq(serviceOrders.id, orderId))
      : [];
    if (!order) return ctx.logger.warn({ eventId: event.id, remoteId }, "paypal sale for an unknown order");
    await fulfilOrder(
      tx,
      ctx.mailer,
      {
        orderId: order.id,
        provider: "paypal",
        providerPaymentId: sale.id,
        idKind: "sale",
        amountPaid: amount,
      },
      ctx.paid,
    );
    await linkProviderSubscription(tx, {
      firstOrderId: order.id,
      provider: "paypal",
      providerSubscriptionId: remoteId,
      eventAt,
    });
    return;
  }
  const start = sub.currentPeriodEnd > eventAt ? sub.currentPeriodEnd : eventAt;
  await recordSubscriptionPayment(
    tx,
    ctx.mailer,
    sub,
    {
      kind: "renewal",
      provider: "paypal",
      providerPaymentId: sale.id,
      idKind: "sale",
      amount,
      periodStart: start,
      periodEnd: addDays(start, 30),
    },
    ctx.paid,
  );
}

/**
 * PayPal Subscriptions webhook events (docs/money.md#subscriptions-and-entitlements), after PayPal verified the delivery: each is
 * applied once, and never over a newer state of the same subscription. Answers false for events
 * that are not about subscriptions, which the payment webhook handles.
 */
export async function handlePayPalBillingEvent(ctx: Context, event: PayPalBillingEvent): Promise<boolean> {
  if (!SUBSCRIPTION_EVENTS.has(event.event_type)) return false;
  const eventAt = event.create_time ? new Date(event.create_time) : new Date();
  if (event.event_type === "PAYMENT.SALE.REFUNDED" || event.event_type === "PAYMENT.SALE.REVERSED") {
    const saleId = event.resource?.sale_id ?? event.resource?.id;
    if (saleId) {
      const refunded = event.event_type === "PAYMENT.SALE.REFUNDED";
      await refundOrder(
        ctx.db,
        {
          provider: "paypal",
          eventId: event.id,
          eventType: event.event_type,
          paymentIds: [saleId],
          // A sale's refund takes it all back; a reversed sale is a chargeback, keyed like a capture's.
          moved: refunded
            ? { kind: "refund", refundId: event.resource?.id === saleId ? undefined : event.resource?.id }
            : { kind: "chargeback", disputeId: `reversal:${saleId}` },
        },
        ctx.paid.effects,
      );
    }
    return true;
  }
  await ctx.db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, { provider: "paypal", id: event.id, type: event.event_type }))) return;
    if (event.event_type === "PAYMENT.SALE.COMPLETED") return saleCompleted(ctx, tx, event, eventAt);
    const remoteId = event.resource?.id;
    const sub = remoteId ? await lockProviderSubscription(tx, "paypal", remoteId) : null;
    if (!sub || isStale(sub, eventAt)) return;
    const now = await billingNow(tx);
    switch (event.event_type) {
      case "BILLING.SUBSCRIPTION.ACTIVATED":
        await updateSubscription(tx, sub, { lastEventAt: eventAt }, now);
        return;
      case "BILLING.SUBSCRIPTION.PAYMENT.FAILED":
      case "BILLING.SUBSCRIPTION.SUSPENDED": {
        // Our own cancel-at-period-end suspends it too: that is not a failed payment.
        if (event.event_type.endsWith("SUSPENDED") && sub.cancelAtPeriodEnd) break;
        const failed = await failRenewal(tx, ctx.mailer, sub, {
          at: eventAt,
          payUrl: "https://www.paypal.com/myaccount/autopay/",
        });
        await updateSubscription(tx, failed, { lastEventAt: eventAt }, now);
        return;
      }
      case "BILLING.SUBSCRIPTION.CANCELLED":
        // Cancelled at PayPal mid-period: the period paid for is kept, then it ends.
        await updateSubscription(tx, sub, { cancelAtPeriodEnd: true, lastEventAt: eventAt }, now);
        return;
      case "BILLING.SUBSCRIPTION.EXPIRED":
        await endSubscription(tx, sub, eventAt);
        return;
    }
    await updateSubscription(tx, sub, { lastEventAt: eventAt }, now);
  });
  return true;
}
