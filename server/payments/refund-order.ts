import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { formatUsd, toCents } from "../../shared/money";
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
import { refundedEffects } from "./on-paid-effects";

export type RefundOutcome =
  | "refunded"
  | "already-refunded"
  | "refunded-by-staff"
  | "unknown-order"
  | "replayed";

/** A provider's word that a payment was taken back, by the provider's id of that payment. */
export interface PaymentReversal {
  /** "stripe" or "paypal": the webhook it came from. */
  provider: string;
  /** The provider's event id: the same event twice changes nothing. */
  eventId: string;
  eventType: string;
  /** The id fulfilment stored on the order (a payment intent, a PayPal capture). */
  providerPaymentId: string;
  /** "refund" or "dispute", shown in the account's events and the reversal's description. */
  reason: string;
  /**
   * What the provider says of the refund, when it says: its id, and the payment's refunded total
   * so far in cents. A refund staff made (`order_refunds`) is already applied, so its webhook
   * changes nothing more.
   */
  refund?: { id?: string; refundedCents?: number };
}

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

/**
 * True when staff refunds of the order (made or under way) already account for what the
 * provider reports: the refund's own id, or a refunded total no larger than theirs.
 */
async function refundedByStaff(tx: Tx, orderId: string, refund: PaymentReversal["refund"]): Promise<boolean> {
  if (!refund) return false;
  const [made] = await tx
    .select({
      total: sql<string>`coalesce(sum(${orderRefunds.amount}), 0)::text`,
      ids: sql<(string | null)[]>`coalesce(array_agg(${orderRefunds.providerRefundId}), '{}')`,
    })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.status, "failed")));
  if (toCents(made.total) === 0) return false;
  if (refund.id && made.ids.includes(refund.id)) return true;
  return refund.refundedCents !== undefined && refund.refundedCents <= toCents(made.total);
}

/**
 * Ends a paid order that was refunded in full or disputed (DESIGN §7), inside the caller's
 * transaction: the order is marked refunded, what it granted ends (its domain service is
 * cancelled, its entitlements end, an account plan among them, a tier upgrade's rates fall back)
 * and the commission it earned a referrer is reversed. False when it was refunded before.
 */
export async function endRefundedOrder(tx: Tx, order: ServiceOrder, reason: string): Promise<boolean> {
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
  for (const effect of refundedEffects()) await effect(tx, order, `${reason} of order ${order.id}`);
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
 * A provider's word that a payment was refunded or disputed: the order ends (`endRefundedOrder`)
 * in one transaction with the record of the webhook event, so a replay or a second event about
 * the same payment changes nothing, and neither does the webhook of a refund staff made.
 */
export async function refundOrder(db: Db, reversal: PaymentReversal): Promise<RefundOutcome> {
  return db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, reversal))) return "replayed";
    const [order] = await tx
      .select()
      .from(serviceOrders)
      .where(eq(serviceOrders.providerPaymentId, reversal.providerPaymentId))
      .for("update");
    if (!order) return "unknown-order";
    if (reversal.reason === "refund" && (await refundedByStaff(tx, order.id, reversal.refund)))
      return "refunded-by-staff";
    return (await endRefundedOrder(tx, order, reversal.reason)) ? "refunded" : "already-refunded";
  });
}
