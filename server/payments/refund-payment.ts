import { toCents } from "../../shared/money";
import { isMonthly } from "../../shared/offer-grants";
import type { ServiceOrder } from "../../shared/schema";
import { AppError } from "../http/app-error";
import type { Payments } from "./payments";

/** One refund to ask of the provider that took the order's payment. */
export interface RefundRequest {
  order: Pick<ServiceOrder, "id" | "offerId" | "provider" | "providerPaymentId">;
  /** Our refund's id: the provider's idempotency key, so a retried call refunds once. */
  refundId: string;
  amount: string;
  reason: string;
}

const unavailable = (provider: string) =>
  new AppError("UNAVAILABLE", `${provider} refunds are not configured on this server.`);

/** Stripe: a refund of the payment intent (or the charge) for the amount, through the SDK. */
async function refundWithStripe(payments: Payments, request: RefundRequest): Promise<string> {
  if (!payments.stripe) throw unavailable("Stripe");
  const paymentId = request.order.providerPaymentId ?? "";
  const target = paymentId.startsWith("pi_")
    ? { payment_intent: paymentId }
    : paymentId.startsWith("ch_")
      ? { charge: paymentId }
      : null;
  if (!target)
    throw new AppError(
      "UNPROCESSABLE",
      "This Stripe payment has no payment intent to refund; refund it in Stripe.",
    );
  const refund = await payments.stripe.refunds.create(
    {
      ...target,
      amount: toCents(request.amount),
      metadata: { orderId: request.order.id, refundId: request.refundId },
    },
    { idempotencyKey: `refund-${request.refundId}` },
  );
  return refund.id;
}

/** PayPal: a refund of the order's capture for the amount. */
async function refundWithPayPal(payments: Payments, request: RefundRequest): Promise<string> {
  if (!payments.paypal) throw unavailable("PayPal");
  // A subscription's payments are sales of PayPal Subscriptions, not captures of an order.
  if (isMonthly(request.order.offerId) || !request.order.providerPaymentId)
    throw new AppError("UNPROCESSABLE", "This PayPal subscription payment is refunded in PayPal.");
  const refund = await payments.paypal.refundCapture({
    captureId: request.order.providerPaymentId,
    amount: request.amount,
    note: request.reason,
    requestId: request.refundId,
  });
  return refund.id;
}

/**
 * Refunds (part of) an order's payment through the provider that took it and answers the
 * provider's refund id; the sandbox, where no money moved, records one of its own.
 */
export async function refundPayment(payments: Payments, request: RefundRequest): Promise<string> {
  switch (request.order.provider) {
    case "stripe":
      return refundWithStripe(payments, request);
    case "paypal":
      return refundWithPayPal(payments, request);
    case "sandbox":
      return `sandbox_refund_${request.refundId}`;
    default:
      throw new AppError("UNPROCESSABLE", "This order was not paid through a provider that can refund it.");
  }
}
