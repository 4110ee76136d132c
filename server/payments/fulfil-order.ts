import { eq } from "drizzle-orm";
import { formatUsd, toCents } from "../../shared/money";
import { accountEvents, domainServices, serviceOrders, transactions } from "../../shared/schema";
import type { Tx } from "../db/tx";
import type { Mailer } from "../mail/mailer";
import { mailBuyer } from "./mail-buyer";
import { type FulfilOutcome, type PaidContext, type Payment, runEffects } from "./money-effects";
import { findPaid, idKindOf, recordPaymentIds } from "./payment-ids";
import { recordUnmatchedPayment, whyUnmatched } from "./unmatched-payments";

export type { FulfilOutcome, Payment } from "./money-effects";

/**
 * The one way an order becomes paid, for every provider: mark it paid, keep every id the provider
 * gave the payment, activate its domain service, record the payment in the buyer's history and
 * account events, mail a confirmation, then run the areas' `paid` effects. Idempotent: the order
 * row is locked, and a payment id seen before changes nothing. A payment that finds no open order
 * for its amount (the order paid by another payment, cancelled, refunded, or priced otherwise) is
 * kept as unmatched, to be refunded (docs/money.md#money-nobody-ordered). A payment for an id that
 * is no service order goes to the other payables of `context.effects` (a lead buyer's invoice).
 * Run it inside a transaction.
 */
export async function fulfilOrder(
  tx: Tx,
  mailer: Mailer,
  payment: Payment,
  context: PaidContext,
): Promise<FulfilOutcome> {
  if (await findPaid(tx, payment.provider, [payment.providerPaymentId])) return "already-paid";

  const [order] = await tx
    .select()
    .from(serviceOrders)
    .where(eq(serviceOrders.id, payment.orderId))
    .for("update");
  // Read again under the order's lock: the same payment delivered twice at once is a replay, not a second payment.
  if (order && (await findPaid(tx, payment.provider, [payment.providerPaymentId]))) return "already-paid";
  if (!order) {
    for (const payable of context.effects.otherPayables) {
      const outcome = await payable.fulfil(tx, mailer, payment);
      if (outcome) return outcome;
    }
    // Money for nothing known here still came from somebody: it goes back.
    await recordUnmatchedPayment(tx, payment, {
      reason: "No order or invoice has this payment's reference.",
    });
    return "unmatched";
  }
  const unmatched = whyUnmatched(order, toCents(payment.amountPaid), toCents(order.price));
  if (unmatched) {
    await recordUnmatchedPayment(tx, payment, { reason: unmatched, orderId: order.id, userId: order.userId });
    return "unmatched";
  }

  const paidAt = payment.paidAt ?? new Date();
  const [paid] = await tx
    .update(serviceOrders)
    .set({
      status: "paid",
      provider: payment.provider,
      providerPaymentId: payment.providerPaymentId,
      payer: payment.payer ?? null,
      paidAt,
    })
    .where(eq(serviceOrders.id, order.id))
    .returning();
  await recordPaymentIds(tx, {
    provider: payment.provider,
    ids: [
      {
        id: payment.providerPaymentId,
        kind: payment.idKind ?? idKindOf(payment.provider, payment.providerPaymentId),
      },
      ...(payment.otherIds ?? []),
    ],
    paid: { orderId: order.id },
  });
  await tx.update(domainServices).set({ status: "active" }).where(eq(domainServices.orderId, order.id));
  await tx.insert(transactions).values({
    userId: order.userId,
    type: "payment",
    amount: order.price,
    paymentMethod: payment.provider,
    status: "completed",
    orderId: order.id,
    createdAt: paidAt,
  });
  await tx.insert(accountEvents).values({
    userId: order.userId,
    kind: "order_paid",
    description: `Paid ${formatUsd(order.price)} for ${order.description}`,
    createdAt: paidAt,
  });

  await mailBuyer(tx, mailer, {
    userId: order.userId,
    subject: `Payment received: ${order.description}`,
    lines: [
      `We received your payment of ${formatUsd(order.price)} for ${order.description}.`,
      `Order: ${order.id}`,
      `Paid with: ${payment.provider}`,
      "",
      "Your service is now active. Thank you for choosing ParkPilot.",
    ],
  });

  await runEffects(tx, context.effects, "paid", paid, context);
  return "fulfilled";
}
