import { and, eq, ne, sql } from "drizzle-orm";
import type { TStaffRefund } from "../../../shared/api/admin/orders";
import { centsToDecimal, formatUsd, toCents } from "../../../shared/money";
import {
  type OrderRefund,
  orderRefunds,
  type ServiceOrder,
  serviceOrders,
  transactions,
} from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { Tx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import type { Logger } from "../../lib/logger";
import type { Mailer } from "../../mail/mailer";
import { mailBuyer } from "../../payments/mail-buyer";
import type { PaidContext, PaymentEffects } from "../../payments/money-effects";
import { refundableIdOf } from "../../payments/payment-ids";
import type { Payments } from "../../payments/payments";
import { applyPartialRefund, endRefundedOrder } from "../../payments/refund-order";
import { refundPayment } from "../../payments/refund-payment";
import { adminOrder } from "./admin-orders";

export interface StaffRefundInput {
  /** Null when the platform refunds by itself (a marketplace sale that timed out). */
  staffId: string | null;
  orderId: string;
  /** Decimal string; omitted, it is all that is left to refund. */
  amount?: string;
  /** Why: kept with the refund and told to the buyer. */
  reason: string;
}

interface Reserved {
  order: ServiceOrder;
  refund: OrderRefund;
  /** True when the refund takes all that was left: the order ends. */
  full: boolean;
}

/**
 * Checks the refund against the order and writes it `pending`, under the order's lock: the order
 * is paid and not refunded, and the amount is more than nothing and at most what is left (paid
 * minus refunds made or under way). A pending refund counts, so two at once cannot over-refund
 * and the provider's webhook about it changes nothing.
 */
async function reserveRefund(tx: Tx, input: StaffRefundInput): Promise<Reserved> {
  const [order] = await tx
    .select()
    .from(serviceOrders)
    .where(eq(serviceOrders.id, input.orderId))
    .for("update");
  if (!order) throw notFound("Order");
  if (order.refundedAt || order.status === "refunded" || order.status === "charged_back")
    throw new AppError("CONFLICT", "This order was refunded already.");
  if (order.status !== "paid" || !order.provider)
    throw new AppError("CONFLICT", "Only a paid order can be refunded.");
  const [made] = await tx
    .select({ total: sql<string>`coalesce(sum(${orderRefunds.amount}), 0)::text` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), ne(orderRefunds.status, "failed")));
  const left = toCents(order.price) - toCents(made.total);
  if (left <= 0) throw new AppError("CONFLICT", "This order was refunded in full already.");
  const cents = input.amount === undefined ? left : toCents(input.amount);
  if (cents <= 0) throw new AppError("BAD_REQUEST", "A refund is more than $0.00.");
  if (cents > left)
    throw new AppError(
      "UNPROCESSABLE",
      `At most ${formatUsd(centsToDecimal(left))} of this order is left to refund.`,
    );
  const [refund] = await tx
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      amount: centsToDecimal(cents),
      provider: order.provider,
      staffId: input.staffId,
      reason: input.reason,
    })
    .returning();
  return { order, refund, full: cents === left };
}

/** Tells the buyer what was refunded, how much, why, and whether the service goes on. */
async function mailRefund(tx: Tx, mailer: Mailer, { order, refund, full }: Reserved): Promise<void> {
  await mailBuyer(tx, mailer, {
    userId: order.userId,
    subject: `Refund: ${order.description}`,
    lines: [
      `We refunded ${formatUsd(refund.amount)} of your payment of ${formatUsd(order.price)} for ${order.description}.`,
      `Order: ${order.id}`,
      `Refunded to: ${refund.provider}`,
      `Reason: ${refund.reason}`,
      "",
      full ? "The service has ended." : "The service continues.",
      "The money reaches your account within a few days, depending on your bank or PayPal.",
    ],
  });
}

/**
 * The refund the provider took, applied in one transaction (docs/money.md): recorded as succeeded,
 * shown in the buyer's history and activity and mailed to them. All that was left ends the order
 * as any refund does (what it granted ends, the commission it earned is reversed); a part keeps
 * the service and takes back only its share of the referrer's commission.
 */
async function applyRefund(
  tx: Tx,
  mailer: Mailer,
  reserved: Reserved,
  providerRefundId: string,
  effects: PaymentEffects,
) {
  const { order, refund, full } = reserved;
  await tx
    .select({ id: serviceOrders.id })
    .from(serviceOrders)
    .where(eq(serviceOrders.id, order.id))
    .for("update");
  const [done] = await tx
    .update(orderRefunds)
    .set({ status: "succeeded", providerRefundId, completedAt: new Date() })
    .where(eq(orderRefunds.id, refund.id))
    .returning();
  await tx.insert(transactions).values({
    userId: order.userId,
    type: "refund",
    amount: refund.amount,
    paymentMethod: refund.provider,
    status: "completed",
    orderId: order.id,
  });
  if (full) {
    await endRefundedOrder(
      tx,
      order,
      { reason: "refund", cause: refund.id, note: `refund of order ${order.id}: ${refund.reason}` },
      effects,
    );
  } else {
    await applyPartialRefund(tx, order, refund, effects);
  }
  await mailRefund(tx, mailer, reserved);
  return done;
}

/** What a staff refund needs of the app. */
export interface StaffRefundDeps {
  db: Db;
  mailer: Mailer;
  payments: Payments;
  logger: Logger;
  paid: PaidContext;
}

/**
 * Staff refund a paid order, in full or in part, through the provider that took the payment
 * (Stripe, PayPal; the sandbox records one). The refund is written pending first, the provider is
 * asked with the refund's id as its idempotency key, and what it took is applied; a provider that
 * refuses leaves the refund failed and nothing else changed.
 */
export async function refundOrderAsStaff(
  deps: StaffRefundDeps,
  input: StaffRefundInput,
): Promise<TStaffRefund> {
  const reserved = await deps.db.transaction((tx) => reserveRefund(tx, input));
  const { order, refund } = reserved;
  const providerRefundId = await refundPayment(deps.payments, {
    order,
    paymentId: await refundableIdOf(deps.db, order),
    refundId: refund.id,
    amount: refund.amount,
    reason: refund.reason,
  }).catch(async (error: unknown) => {
    await deps.db
      .update(orderRefunds)
      .set({ status: "failed", completedAt: new Date() })
      .where(eq(orderRefunds.id, refund.id));
    if (error instanceof AppError) throw error;
    deps.logger.error({ err: error, orderId: order.id, refundId: refund.id }, "the provider did not refund");
    throw new AppError("UNAVAILABLE", "The payment provider did not take the refund; nothing was refunded.");
  });
  const done = await deps.db.transaction((tx) =>
    applyRefund(tx, deps.mailer, reserved, providerRefundId, deps.paid.effects),
  );
  return {
    refund: {
      id: done.id,
      amount: done.amount,
      provider: done.provider,
      providerRefundId,
      full: reserved.full,
    },
    order: await adminOrder(deps.db, order.id),
  };
}
