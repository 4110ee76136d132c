import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { centsToDecimal, formatUsd, toCents } from "../../shared/money";
import {
  accountEvents,
  domainServices,
  orderRefunds,
  type ServiceOrder,
  serviceOrders,
  transactions,
} from "../../shared/schema";
import type { Db } from "../db/pool";
import type { Tx } from "../db/tx";
import type { PartRefund, PaymentEffects, PaymentReversal, RefundOutcome } from "./on-paid-effects";

export type { PaymentReversal, RefundOutcome } from "./on-paid-effects";

/**
 * Records a provider's webhook event by id in the same transaction as what it does: false when
 * the event was applied before.
 */
async function firstDelivery(tx: Tx, reversal: PaymentReversal): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    insert into webhook_events (provider, event_id, type)
    values (${reversal.provider}, ${reversal.eventId}, ${reversal.eventType})
    on conflict do nothing returning event_id
  `);
  return rows.length > 0;
}

/** The refunds of an order made or under way (by staff, or reported by the provider): cents and ids. */
async function refundsMade(tx: Tx, orderId: string): Promise<{ cents: number; ids: (string | null)[] }> {
  const [made] = await tx
    .select({
      total: sql<string>`coalesce(sum(${orderRefunds.amount}), 0)::text`,
      ids: sql<(string | null)[]>`coalesce(array_agg(${orderRefunds.providerRefundId}), '{}')`,
    })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.status, "failed")));
  return { cents: toCents(made.total), ids: made.ids };
}

/**
 * A part of the payment refunded in the provider's own dashboard: recorded as a refund the
 * provider made, shown in the buyer's history and activity, and only its share of the referrer's
 * commission is taken back. The service goes on.
 */
async function applyProviderPartialRefund(
  tx: Tx,
  order: ServiceOrder,
  reversal: PaymentReversal,
  cents: number,
  effects: PaymentEffects,
): Promise<void> {
  const amount = centsToDecimal(cents);
  const [refund] = await tx
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      amount,
      provider: reversal.provider,
      providerRefundId: reversal.refund?.id ?? null,
      status: "succeeded",
      reason: `Refunded in ${reversal.provider === "paypal" ? "PayPal" : "Stripe"}`,
      completedAt: new Date(),
    })
    .returning();
  await tx.insert(transactions).values({
    userId: order.userId,
    type: "refund",
    amount,
    paymentMethod: reversal.provider,
    status: "completed",
    orderId: order.id,
  });
  await applyPartialRefund(tx, order, refund, effects);
}

/**
 * A part of an order's payment given back (by staff, or in the provider's dashboard) while the
 * order goes on, inside the refund's transaction: what the modules take back of a part runs (the
 * referrer's share of commission), and the buyer's activity says the service continues.
 */
export async function applyPartialRefund(
  tx: Tx,
  order: ServiceOrder,
  part: PartRefund,
  effects: PaymentEffects,
): Promise<void> {
  for (const area of effects.areas) await area.onPartlyRefunded?.(tx, order, part);
  await tx.insert(accountEvents).values({
    userId: order.userId,
    kind: "order_refunded",
    description: `${formatUsd(part.amount)} of the payment for ${order.description} was refunded; the service continues`,
  });
}

/**
 * Ends a paid order that was refunded in full or disputed (docs/money.md), inside the caller's
 * transaction: the order is marked refunded, what it granted ends (its domain service is
 * cancelled, its entitlements end, an account plan among them, a tier upgrade's rates fall back)
 * and the commission it earned a referrer is reversed. False when it was refunded before.
 */
export async function endRefundedOrder(
  tx: Tx,
  order: ServiceOrder,
  reason: string,
  effects: PaymentEffects,
): Promise<boolean> {
  const [refunded] = await tx
    .update(serviceOrders)
    .set({ status: "refunded", refundedAt: new Date() })
    .where(and(eq(serviceOrders.id, order.id), isNull(serviceOrders.refundedAt)))
    .returning({ id: serviceOrders.id });
  if (!refunded) return false;

  await tx.update(domainServices).set({ status: "cancelled" }).where(eq(domainServices.orderId, order.id));
  await tx
    .update(transactions)
    .set({ status: "refunded" })
    .where(and(eq(transactions.orderId, order.id), eq(transactions.type, "payment")));
  for (const area of effects.areas) await area.onRefunded?.(tx, order, `${reason} of order ${order.id}`);
  await tx.insert(accountEvents).values({
    userId: order.userId,
    kind: "order_refunded",
    description: `The payment of ${formatUsd(order.price)} for ${order.description} was ${
      reason === "dispute" ? "disputed" : "refunded"
    }; the service has ended`,
  });
  return true;
}

/**
 * A provider's word that a payment was refunded or disputed, in one transaction with the record
 * of the webhook event, so a replay or a second event about the same payment changes nothing.
 * A dispute, or a refunded total that reaches the price, ends the order (`endRefundedOrder`); a
 * refund staff made here is already applied; a smaller total refunded in the provider's
 * dashboard applies the part not yet recorded and keeps the service.
 */
export async function refundOrder(
  db: Db,
  reversal: PaymentReversal,
  effects: PaymentEffects,
): Promise<RefundOutcome> {
  return db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, reversal))) return "replayed";
    const [order] = await tx
      .select()
      .from(serviceOrders)
      .where(eq(serviceOrders.providerPaymentId, reversal.providerPaymentId))
      .for("update");
    if (!order) {
      for (const payable of effects.otherPayables) {
        const outcome = await payable.reverse(tx, reversal);
        if (outcome) return outcome;
      }
      return "unknown-order";
    }
    if (order.refundedAt) return "already-refunded";
    if (reversal.reason === "refund" && reversal.refund) {
      const made = await refundsMade(tx, order.id);
      const total = reversal.refund.refundedCents;
      if (reversal.refund.id && made.ids.includes(reversal.refund.id)) return "recorded-before";
      if (total !== undefined && total <= made.cents) return "recorded-before";
      if (total !== undefined && total < toCents(order.price)) {
        await applyProviderPartialRefund(tx, order, reversal, total - made.cents, effects);
        return "refunded-in-part";
      }
    }
    return (await endRefundedOrder(tx, order, reversal.reason, effects)) ? "refunded" : "already-refunded";
  });
}
