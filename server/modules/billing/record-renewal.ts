import { and, eq, sql } from "drizzle-orm";
import { isOfferKey, OFFERS } from "../../../shared/catalog";
import { type ServiceOrder, type Subscription, serviceOrders } from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import type { Mailer } from "../../mail/mailer";
import { type FulfilOutcome, fulfilOrder } from "../../payments/fulfil-order";
import type { PaidContext, PaymentIdKind } from "../../payments/money-effects";
import { findPaid } from "../../payments/payment-ids";

const day = (at: Date) => at.toISOString().slice(0, 10);

/** What kind of later payment of a subscription an order is. */
export type SubscriptionPaymentKind = "renewal" | "proration";

/**
 * A pending order for a later payment of the subscription: its receipt, its checkout while it is
 * unpaid (a past-due renewal), and, through fulfilment, the buyer's history, the referrer's
 * commission and the period moved on. One per subscription and period start.
 */
export async function openSubscriptionOrder(
  tx: Tx,
  sub: Subscription,
  payment: { kind: SubscriptionPaymentKind; amount: string; periodStart?: Date; periodEnd?: Date },
): Promise<ServiceOrder> {
  const period = payment.periodStart && payment.periodEnd ? payment : null;
  if (period?.periodStart) {
    const [open] = await tx
      .select()
      .from(serviceOrders)
      .where(
        and(
          eq(serviceOrders.userId, sub.userId),
          sql`${serviceOrders.metadata}->>'subscriptionId' = ${sub.id}`,
          sql`${serviceOrders.metadata}->>'periodStart' = ${period.periodStart.toISOString()}`,
        ),
      );
    if (open) return open;
  }
  const serviceType = isOfferKey(sub.offerId)
    ? OFFERS[sub.offerId].quote(sub.request).serviceType
    : sub.offerId;
  const what =
    period?.periodStart && period.periodEnd
      ? `renewal ${day(period.periodStart)} to ${day(period.periodEnd)}`
      : "change of option";
  const [order] = await tx
    .insert(serviceOrders)
    .values({
      userId: sub.userId,
      offerId: sub.offerId,
      serviceType,
      description: `${sub.description} (${what})`,
      price: payment.amount,
      metadata: {
        subscriptionId: sub.id,
        kind: payment.kind,
        request: sub.request,
        ...(period?.periodStart && period.periodEnd
          ? { periodStart: period.periodStart.toISOString(), periodEnd: period.periodEnd.toISOString() }
          : {}),
      },
    })
    .returning();
  return order;
}

/**
 * A later payment the provider took (a renewal invoice paid, a PayPal sale, the sandbox clock's
 * renewal): its order is opened and paid through the one fulfilment path. A payment id seen
 * before changes nothing.
 */
export async function recordSubscriptionPayment(
  tx: Tx,
  mailer: Mailer,
  sub: Subscription,
  payment: {
    kind: SubscriptionPaymentKind;
    provider: string;
    providerPaymentId: string;
    idKind?: PaymentIdKind;
    otherIds?: { id: string; kind: PaymentIdKind }[];
    amount: string;
    periodStart?: Date;
    periodEnd?: Date;
  },
  context: PaidContext,
): Promise<FulfilOutcome> {
  if (await findPaid(tx, payment.provider, [payment.providerPaymentId])) return "already-paid";
  const order = await openSubscriptionOrder(tx, sub, payment);
  return fulfilOrder(
    tx,
    mailer,
    {
      orderId: order.id,
      provider: payment.provider,
      providerPaymentId: payment.providerPaymentId,
      idKind: payment.idKind,
      otherIds: payment.otherIds,
      amountPaid: order.price,
    },
    context,
  );
}
