import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { TPayPalSetup, TTestCaptureAnswer } from "../../../shared/api/payouts";
import { transactions } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { AppError, notFound } from "../../http/app-error";
import { completedCapture, type PayPalClient } from "../../payments/paypal-client";

/**
 * The payments page's wallet test: create a PayPal order for an amount, let the buyer approve it
 * in PayPal's buttons, capture it. Without PayPal keys the same calls run in the sandbox. Each
 * order is a pending `test_payment` transaction until captured; a replayed capture changes nothing.
 */
export async function paypalSetup(paypal: PayPalClient | null): Promise<TPayPalSetup> {
  if (!paypal) return { clientToken: null, clientId: null, mode: "sandbox" };
  return { clientToken: await paypal.generateClientToken(), clientId: paypal.clientId, mode: "live" };
}

export async function createTestOrder(options: {
  db: Db;
  paypal: PayPalClient | null;
  userId: string;
  amount: string;
  currency: string;
}): Promise<{ id: string }> {
  const { db, paypal, userId, amount } = options;
  const id = paypal
    ? (
        await paypal.createOrder({
          amount,
          currency: options.currency,
          description: "ParkPilot test payment",
          customId: `test-${userId}`,
        })
      ).id
    : `SANDBOX-${randomUUID()}`;
  await db.insert(transactions).values({
    userId,
    type: "test_payment",
    amount,
    paymentMethod: paypal ? "paypal" : "sandbox",
    status: "pending",
    providerRef: id,
  });
  return { id };
}

export async function captureTestOrder(options: {
  db: Db;
  paypal: PayPalClient | null;
  userId: string;
  orderId: string;
}): Promise<TTestCaptureAnswer> {
  const { db, paypal, userId, orderId } = options;
  const [pending] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.providerRef, orderId), eq(transactions.userId, userId)));
  if (!pending) throw notFound("Payment");
  if (pending.status === "completed") return { id: orderId, status: "COMPLETED", amount: pending.amount };

  if (paypal) {
    const capture = completedCapture(await paypal.captureOrder(orderId));
    if (!capture) throw new AppError("PAYMENT_FAILED", "PayPal did not complete the payment");
  }
  await db
    .update(transactions)
    .set({ status: "completed" })
    .where(and(eq(transactions.id, pending.id), eq(transactions.status, "pending")));
  return { id: orderId, status: "COMPLETED", amount: pending.amount };
}
