import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { centsToDecimal, formatUsd, toCents } from "../../shared/money";
import {
  accountEvents,
  domainServices,
  orderRefunds,
  paymentDisputes,
  type ServiceOrder,
  serviceOrders,
  transactions,
} from "../../shared/schema";
import type { Db } from "../db/pool";
import type { Tx } from "../db/tx";
import {
  type MoneyBack,
  type PartRefund,
  type PaymentEffects,
  type PaymentReversal,
  type RefundOutcome,
  runEffects,
} from "./money-effects";
import { findPaid } from "./payment-ids";

export type { PaymentReversal, RefundOutcome } from "./money-effects";

const providerName = (provider: string) => (provider === "paypal" ? "PayPal" : "Stripe");

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
 * A part of an order's payment given back (by staff, or in the provider's dashboard) while the
 * order goes on, inside the refund's transaction: every area takes back its share of the part
 * (the ledger the credits the payment funded, pro rata), and the buyer's activity says the
 * service continues.
 */
export async function applyPartialRefund(
  tx: Tx,
  order: ServiceOrder,
  part: { id: string; amount: string },
  effects: PaymentEffects,
): Promise<void> {
  const refund: PartRefund = {
    reason: "refund",
    cause: part.id,
    note: `partial refund of order ${order.id}`,
    id: part.id,
    amount: part.amount,
  };
  await runEffects(tx, effects, "partlyRefunded", order, refund);
  await tx.insert(accountEvents).values({
    userId: order.userId,
    kind: "order_refunded",
    description: `${formatUsd(part.amount)} of the payment for ${order.description} was refunded; the service continues`,
  });
}

/** A part refunded in the provider's own dashboard: recorded as a refund the provider made, then applied. */
async function applyProviderPartialRefund(
  tx: Tx,
  order: ServiceOrder,
  reversal: PaymentReversal,
  refund: { id: string; cents: number },
  effects: PaymentEffects,
): Promise<void> {
  const amount = centsToDecimal(refund.cents);
  await tx.insert(orderRefunds).values({
    orderId: order.id,
    amount,
    provider: reversal.provider,
    providerRefundId: refund.id,
    status: "succeeded",
    reason: `Refunded in ${providerName(reversal.provider)}`,
    completedAt: new Date(),
  });
  await tx.insert(transactions).values({
    userId: order.userId,
    type: "refund",
    amount,
    paymentMethod: reversal.provider,
    status: "completed",
    orderId: order.id,
  });
  await applyPartialRefund(tx, order, { id: refund.id, amount }, effects);
}

/**
 * Ends a paid order whose payment was refunded in full or charged back (docs/money.md), inside
 * the caller's transaction: the order reads refunded (or charged back), its domain service is
 * cancelled, and every area undoes what it started (the ledger first: the credits the payment
 * funded are taken back). False when it had ended before.
 */
export async function endRefundedOrder(
  tx: Tx,
  order: ServiceOrder,
  back: MoneyBack,
  effects: PaymentEffects,
): Promise<boolean> {
  const chargeback = back.reason === "chargeback";
  const [ended] = await tx
    .update(serviceOrders)
    .set({ status: chargeback ? "charged_back" : "refunded", refundedAt: new Date() })
    .where(and(eq(serviceOrders.id, order.id), isNull(serviceOrders.refundedAt)))
    .returning({ id: serviceOrders.id });
  if (!ended) return false;

  await tx.update(domainServices).set({ status: "cancelled" }).where(eq(domainServices.orderId, order.id));
  await tx
    .update(transactions)
    .set({ status: "refunded" })
    .where(and(eq(transactions.orderId, order.id), eq(transactions.type, "payment")));
  await runEffects(tx, effects, chargeback ? "chargedBack" : "refunded", order, back);
  await tx.insert(accountEvents).values({
    userId: order.userId,
    kind: "order_refunded",
    description: `The payment of ${formatUsd(order.price)} for ${order.description} was ${
      chargeback ? "charged back by your bank" : "refunded"
    }; the service has ended`,
  });
  return true;
}

/** A refund the provider reports: a part keeps the order, the rest of the price ends it. */
async function applyProviderRefund(
  tx: Tx,
  order: ServiceOrder,
  reversal: PaymentReversal & { moved: { kind: "refund" } },
  effects: PaymentEffects,
): Promise<RefundOutcome> {
  if (order.refundedAt) return "already-refunded";
  const { refundId, refundedCents } = reversal.moved;
  const made = await refundsMade(tx, order.id);
  // A refund staff made here is applied already: its webhook changes nothing more.
  if (refundId && made.ids.includes(refundId)) return "recorded-before";
  if (refundedCents !== undefined && refundedCents <= made.cents) return "recorded-before";
  if (refundedCents !== undefined && refundedCents < toCents(order.price)) {
    const id = refundId ?? `${reversal.provider}:${reversal.eventId}`;
    await applyProviderPartialRefund(tx, order, reversal, { id, cents: refundedCents - made.cents }, effects);
    return "refunded-in-part";
  }
  const back: MoneyBack = {
    reason: "refund",
    cause: refundId ?? `${reversal.provider}:${reversal.eventId}`,
    note: `refund of order ${order.id}`,
  };
  return (await endRefundedOrder(tx, order, back, effects)) ? "refunded" : "already-refunded";
}

/**
 * Keeps a chargeback the first time the provider reports it, for the order or the invoice the
 * payment paid: false when it was kept before.
 */
async function recordDispute(
  tx: Tx,
  reversal: PaymentReversal & { moved: { kind: "chargeback" } },
  paid: { orderId?: string; invoiceId?: string; price: string },
): Promise<boolean> {
  const { disputeId, amountCents } = reversal.moved;
  const [opened] = await tx
    .insert(paymentDisputes)
    .values({
      provider: reversal.provider,
      disputeId,
      orderId: paid.orderId ?? null,
      invoiceId: paid.invoiceId ?? null,
      amount: amountCents === undefined ? paid.price : centsToDecimal(amountCents),
    })
    .onConflictDoNothing()
    .returning({ id: paymentDisputes.disputeId });
  return Boolean(opened);
}

/**
 * The buyer's bank took the payment back: the dispute is kept, and an order not refunded before
 * ends as a refund would (what the payment funded is reversed, keyed by the dispute).
 */
async function openChargeback(
  tx: Tx,
  order: ServiceOrder,
  reversal: PaymentReversal & { moved: { kind: "chargeback" } },
  effects: PaymentEffects,
): Promise<RefundOutcome> {
  if (!(await recordDispute(tx, reversal, { orderId: order.id, price: order.price })))
    return "recorded-before";
  const { disputeId } = reversal.moved;
  const back: MoneyBack = { reason: "chargeback", cause: disputeId, note: `chargeback of order ${order.id}` };
  return (await endRefundedOrder(tx, order, back, effects)) ? "charged-back" : "already-refunded";
}

/** A dispute decided, once: its row moved from open to won or lost, or undefined when it was decided before (or never opened). */
async function decideDispute(
  tx: Tx,
  reversal: PaymentReversal & { moved: { kind: "chargeback-won" | "chargeback-lost" } },
) {
  const [dispute] = await tx
    .update(paymentDisputes)
    .set({ status: reversal.moved.kind === "chargeback-won" ? "won" : "lost", closedAt: new Date() })
    .where(
      and(
        eq(paymentDisputes.provider, reversal.provider),
        eq(paymentDisputes.disputeId, reversal.moved.disputeId),
        eq(paymentDisputes.status, "open"),
      ),
    )
    .returning();
  return dispute;
}

/**
 * A chargeback won: the money came back, so the charged-back order is paid again and every area
 * gives back what the chargeback took (the ledger reinstates exactly its reversals).
 */
async function restoreChargedBackOrder(
  tx: Tx,
  orderId: string,
  disputeId: string,
  effects: PaymentEffects,
): Promise<RefundOutcome> {
  const [order] = await tx
    .update(serviceOrders)
    .set({ status: "paid", refundedAt: null })
    .where(and(eq(serviceOrders.id, orderId), eq(serviceOrders.status, "charged_back")))
    .returning();
  if (!order) return "chargeback-won";
  await tx
    .update(transactions)
    .set({ status: "completed" })
    .where(and(eq(transactions.orderId, order.id), eq(transactions.type, "payment")));
  const back: MoneyBack = {
    reason: "chargeback",
    cause: disputeId,
    note: `chargeback of order ${order.id} decided for us`,
  };
  await runEffects(tx, effects, "chargebackWon", order, back);
  await tx.insert(accountEvents).values({
    userId: order.userId,
    kind: "order_paid",
    description: `The chargeback of your payment of ${formatUsd(order.price)} for ${order.description} was decided in the payment's favour: it stands as paid`,
  });
  return "chargeback-won";
}

/** A lead invoice's payment moved: the invoices decide what it means (listed as other payables). */
async function reverseOtherPayable(
  tx: Tx,
  reversal: PaymentReversal,
  invoiceId: string,
  effects: PaymentEffects,
): Promise<RefundOutcome> {
  for (const payable of effects.otherPayables) {
    const outcome = await payable.reverse(tx, reversal, invoiceId);
    if (outcome) return outcome;
  }
  return "unknown-order";
}

/**
 * A provider's word that money of a payment moved back (a refund, a chargeback) or came back (a
 * chargeback won), in one transaction with the record of the webhook event, so a replay or a
 * second event about the same money changes nothing. The payment is found by any id the event
 * names; one that paid a lead invoice goes to the other payables.
 */
export async function refundOrder(
  db: Db,
  reversal: PaymentReversal,
  effects: PaymentEffects,
): Promise<RefundOutcome> {
  return db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, reversal))) return "replayed";
    const { moved } = reversal;
    if (moved.kind === "chargeback-won" || moved.kind === "chargeback-lost") {
      const dispute = await decideDispute(tx, { ...reversal, moved });
      if (!dispute) return "recorded-before";
      if (dispute.invoiceId) return reverseOtherPayable(tx, reversal, dispute.invoiceId, effects);
      if (moved.kind === "chargeback-lost" || !dispute.orderId) return "chargeback-lost";
      return restoreChargedBackOrder(tx, dispute.orderId, dispute.disputeId, effects);
    }
    const paid = await findPaid(tx, reversal.provider, reversal.paymentIds);
    if (paid?.invoiceId !== undefined) {
      if (moved.kind === "chargeback") {
        const [invoice] = (
          await tx.execute<{ total: string }>(
            sql`select total::text from lead_invoices where id = ${paid.invoiceId}`,
          )
        ).rows;
        if (
          !(await recordDispute(
            tx,
            { ...reversal, moved },
            { invoiceId: paid.invoiceId, price: invoice?.total ?? "0.00" },
          ))
        )
          return "recorded-before";
      }
      return reverseOtherPayable(tx, reversal, paid.invoiceId, effects);
    }
    if (!paid?.orderId) return "unknown-order";
    const [order] = await tx
      .select()
      .from(serviceOrders)
      .where(eq(serviceOrders.id, paid.orderId))
      .for("update");
    if (!order) return "unknown-order";
    if (moved.kind === "refund") return applyProviderRefund(tx, order, { ...reversal, moved }, effects);
    return openChargeback(tx, order, { ...reversal, moved }, effects);
  });
}
