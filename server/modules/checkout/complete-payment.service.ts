import { randomUUID } from "node:crypto";
import type { Db } from "../../db/pool";
import { AppError, notFound } from "../../http/app-error";
import type { Logger } from "../../lib/logger";
import type { Mailer } from "../../mail/mailer";
import type { FulfilOutcome } from "../../payments/fulfil-order";
import type { PaidContext } from "../../payments/money-effects";
import { completedCapture, type PayPalClient } from "../../payments/paypal-client";
import { recordPayment } from "../../payments/record-payment";
import { ownServiceOrder } from "./own-order";

/**
 * The sandbox page's Pay button: the order's own price, paid with a fresh sandbox payment id.
 * Only while the chosen provider really runs in the sandbox: with its keys configured (or the
 * sandbox switched off) a direct post here must not pay anything.
 */
export async function paySandboxOrder(options: {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  userId: string;
  orderId: string;
  sandboxActive: boolean;
  paid: PaidContext;
}): Promise<FulfilOutcome> {
  if (!options.sandboxActive) throw notFound("Test checkout");
  const order = await ownServiceOrder(options);
  if (order.status === "cancelled")
    throw new AppError("CONFLICT", "This order was cancelled and can no longer be paid.");
  return recordPayment(
    options.db,
    options.mailer,
    options.logger,
    {
      orderId: order.id,
      provider: "sandbox",
      providerPaymentId: `sandbox_${randomUUID()}`,
      amountPaid: order.price,
    },
    options.paid,
  );
}

/**
 * The buyer is back from PayPal: capture the approved order (idempotent at PayPal through its
 * request id) and fulfil with the capture's id and amount.
 */
export async function capturePayPalReturn(options: {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  paypal: PayPalClient;
  userId: string;
  orderId: string;
  paypalOrderId: string;
  paid: PaidContext;
}): Promise<FulfilOutcome> {
  const order = await ownServiceOrder(options);
  if (order.status === "paid") return "already-paid";
  const captured = await options.paypal.captureOrder(options.paypalOrderId);
  const capture = completedCapture(captured);
  if (!capture || capture.customId !== order.id) {
    throw new AppError("PAYMENT_FAILED", "PayPal did not complete the payment");
  }
  return recordPayment(
    options.db,
    options.mailer,
    options.logger,
    {
      orderId: order.id,
      provider: "paypal",
      providerPaymentId: capture.id,
      amountPaid: capture.amount,
      payer: capture.payer,
    },
    options.paid,
  );
}
