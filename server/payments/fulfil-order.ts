import { eq } from "drizzle-orm";
import { formatUsd, toCents } from "../../shared/money";
import { accountEvents, domainServices, serviceOrders, transactions } from "../../shared/schema";
import type { Tx } from "../db/tx";
import type { Mailer } from "../mail/mailer";
import { mailBuyer } from "./mail-buyer";
import type { FulfilOutcome, PaidContext, Payment } from "./on-paid-effects";

export type { FulfilOutcome, Payment } from "./on-paid-effects";

/**
 * The one way an order becomes paid, for every provider: mark it paid, activate its domain
 * service, record the payment in the buyer's history and account events, mail a confirmation,
 * then run the on-paid effects. Idempotent: the order row is locked and a paid order, or a
 * payment id already used, changes nothing. A payment for an id that is no service order goes to
 * the other payables of `context.effects` (a lead buyer's invoice). Run it inside a transaction.
 */
export async function fulfilOrder(
  tx: Tx,
  mailer: Mailer,
  payment: Payment,
  context: PaidContext,
): Promise<FulfilOutcome> {
  const [replayed] = await tx
    .select({ id: serviceOrders.id })
    .from(serviceOrders)
    .where(eq(serviceOrders.providerPaymentId, payment.providerPaymentId));
  if (replayed) return "already-paid";

  const [order] = await tx
    .select()
    .from(serviceOrders)
    .where(eq(serviceOrders.id, payment.orderId))
    .for("update");
  if (!order) {
    for (const payable of context.effects.otherPayables) {
      const outcome = await payable.fulfil(tx, mailer, payment);
      if (outcome) return outcome;
    }
    return "unknown-order";
  }
  if (order.status === "paid") return "already-paid";
  if (toCents(payment.amountPaid) !== toCents(order.price)) return "amount-mismatch";

  const paidAt = payment.paidAt ?? new Date();
  const [paid] = await tx
    .update(serviceOrders)
    .set({ status: "paid", provider: payment.provider, providerPaymentId: payment.providerPaymentId, paidAt })
    .where(eq(serviceOrders.id, order.id))
    .returning();
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

  for (const area of context.effects.areas) await area.onPaid?.(tx, paid, context);
  return "fulfilled";
}
