import { and, eq, isNull, sql } from "drizzle-orm";
import { formatUsd } from "../../shared/money";
import { accountEvents, domainServices, serviceOrders, transactions } from "../../shared/schema";
import type { Db } from "../db/pool";
import type { Tx } from "../db/tx";
import { refundedEffects } from "./on-paid-effects";

export type RefundOutcome = "refunded" | "already-refunded" | "unknown-order" | "replayed";

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
 * A refunded or disputed payment (DESIGN §7): the order is marked refunded, what it granted ends
 * (its domain service is cancelled, its entitlements end, an account plan among them, a tier
 * upgrade's rates fall back) and the commission it earned a referrer is reversed, in one
 * transaction with the record of the webhook event, so a replay or a second event about the same
 * payment changes nothing.
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
    const [refunded] = await tx
      .update(serviceOrders)
      .set({ status: "refunded", refundedAt: new Date() })
      .where(and(eq(serviceOrders.id, order.id), isNull(serviceOrders.refundedAt)))
      .returning({ id: serviceOrders.id });
    if (!refunded) return "already-refunded";

    await tx.update(domainServices).set({ status: "cancelled" }).where(eq(domainServices.orderId, order.id));
    await tx
      .update(transactions)
      .set({ status: "refunded" })
      .where(and(eq(transactions.orderId, order.id), eq(transactions.type, "payment")));
    for (const effect of refundedEffects())
      await effect(tx, order, `${reversal.reason} of order ${order.id}`);
    await tx.insert(accountEvents).values({
      userId: order.userId,
      kind: "order_refunded",
      description: `The payment of ${formatUsd(order.price)} for ${order.description} was ${
        reversal.reason === "dispute" ? "disputed" : "refunded"
      }; the service has ended`,
    });
    return "refunded";
  });
}
