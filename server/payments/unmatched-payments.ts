import { and, asc, eq, lt } from "drizzle-orm";
import { formatUsd } from "../../shared/money";
import { accountEvents, unmatchedPayments } from "../../shared/schema";
import type { Db } from "../db/pool";
import type { Tx } from "../db/tx";
import { AppError } from "../http/app-error";
import type { Logger } from "../lib/logger";
import type { Payment } from "./money-effects";
import type { Payments } from "./payments";
import { refundProviderPayment } from "./refund-payment";

/** A refund the provider keeps refusing is left to staff after this many tries. */
const MAX_ATTEMPTS = 5;
const BATCH = 50;

/**
 * Money a provider took that no open order was waiting for (docs/money.md#money-nobody-ordered):
 * kept, in the fulfilment's transaction, to be refunded through the provider that took it
 * (`refundUnmatchedPayments`, after the commit). Once per payment id.
 */
export async function recordUnmatchedPayment(
  tx: Tx,
  payment: Payment,
  what: { reason: string; orderId?: string | null; invoiceId?: string | null; userId?: string | null },
): Promise<void> {
  await tx
    .insert(unmatchedPayments)
    .values({
      provider: payment.provider,
      providerPaymentId: payment.providerPaymentId,
      orderId: what.orderId ?? null,
      invoiceId: what.invoiceId ?? null,
      userId: what.userId ?? null,
      amount: payment.amountPaid,
      reason: what.reason,
      // Nothing moved in the sandbox: there is nothing to give back.
      ...(payment.provider === "sandbox" ? { status: "refunded", refundedAt: new Date() } : {}),
    })
    .onConflictDoNothing();
}

/** Why a payment for `order` pays nothing, or null when the order is open for exactly this amount. */
export function whyUnmatched(
  order: { status: string; price: string },
  amountCents: number,
  priceCents: number,
): string | null {
  if (order.status === "paid") return "The order was already paid by another payment.";
  if (order.status === "cancelled") return "The order was cancelled before this payment arrived.";
  if (order.status !== "pending")
    return `The order is ${order.status.replace("_", " ")}: it takes no payment.`;
  if (amountCents !== priceCents)
    return `${formatUsd(amountCents / 100)} was paid for an order of ${formatUsd(order.price)}.`;
  return null;
}

/**
 * Gives back every unmatched payment still waiting, through the provider that took it, with the
 * payment's own row id as the provider's idempotency key (two instances, or a retry after a
 * crash, refund once). A refusal is retried by the next run, up to a limit; then staff see it
 * failed in the console. Answers how many were refunded.
 */
export async function refundUnmatchedPayments(deps: {
  db: Db;
  payments: Payments;
  logger: Logger;
}): Promise<{ refunded: number; failed: number }> {
  const rows = await deps.db
    .select()
    .from(unmatchedPayments)
    .where(and(eq(unmatchedPayments.status, "pending"), lt(unmatchedPayments.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(unmatchedPayments.createdAt))
    .limit(BATCH);
  let refunded = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      const refundId = await refundProviderPayment(deps.payments, {
        provider: row.provider,
        paymentId: row.providerPaymentId,
        amount: row.amount,
        refundKey: `unmatched-${row.id}`,
        reason: row.reason,
        metadata: { unmatchedPaymentId: row.id, ...(row.orderId ? { orderId: row.orderId } : {}) },
      });
      await deps.db.transaction(async (tx) => {
        const [done] = await tx
          .update(unmatchedPayments)
          .set({ status: "refunded", providerRefundId: refundId, refundedAt: new Date(), lastError: null })
          .where(and(eq(unmatchedPayments.id, row.id), eq(unmatchedPayments.status, "pending")))
          .returning({ id: unmatchedPayments.id });
        if (done && row.userId)
          await tx.insert(accountEvents).values({
            userId: row.userId,
            kind: "order_refunded",
            description: `A payment of ${formatUsd(row.amount)} that no order needed was refunded: ${row.reason}`,
          });
      });
      refunded += 1;
    } catch (err) {
      const message = err instanceof AppError ? err.message : "The provider did not take the refund.";
      deps.logger.warn({ err, unmatchedPaymentId: row.id }, "an unmatched payment could not be refunded yet");
      const attempts = row.attempts + 1;
      await deps.db
        .update(unmatchedPayments)
        .set({ attempts, lastError: message, ...(attempts >= MAX_ATTEMPTS ? { status: "failed" } : {}) })
        .where(eq(unmatchedPayments.id, row.id));
      failed += 1;
    }
  }
  return { refunded, failed };
}
