import { toCents } from "../../shared/money";
import { isMonthly } from "../../shared/offer-grants";
import type { ServiceOrder } from "../../shared/schema";
import { AppError } from "../http/app-error";
import type { Payments } from "./payments";

/** One refund to ask of the provider that took the order's payment. */
export interface RefundRequest {
  order: Pick<ServiceOrder, "id" | "offerId" | "provider" | "providerPaymentId">;
  /** The payment's id the provider refunds by, when it is not the one the order keeps (`refundableIdOf`). */
  paymentId?: string;
  /** Our refund's id: the provider's idempotency key, so a retried call refunds once. */
  refundId: string;
  amount: string;
  reason: string;
}

const unavailable = (provider: string) =>
  new AppError("UNAVAILABLE", `${provider} refunds are not configured on this server.`);

/** Any payment the providers took, by its id, to be given back in whole or in part. */
export interface ProviderRefund {
  provider: string;
  /** The provider's id of the payment: a payment intent or a charge (Stripe), a capture (PayPal). */
  paymentId: string;
  /** Decimal string. */
  amount: string;
  /** The provider's idempotency key: a retried call refunds once. */
  refundKey: string;
  reason: string;
  metadata: Record<string, string>;
}

/** Stripe: a refund of the payment intent (or the charge) for the amount, through the SDK. */
async function refundWithStripe(payments: Payments, request: ProviderRefund): Promise<string> {
  if (!payments.stripe) throw unavailable("Stripe");
  const paymentId = request.paymentId;
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
      metadata: request.metadata,
    },
    { idempotencyKey: `refund-${request.refundKey}` },
  );
  return refund.id;
}

/** PayPal: a refund of the capture for the amount. */
async function refundWithPayPal(payments: Payments, request: ProviderRefund): Promise<string> {
  if (!payments.paypal) throw unavailable("PayPal");
  const refund = await payments.paypal.refundCapture({
    captureId: request.paymentId,
    amount: request.amount,
    note: request.reason,
    requestId: request.refundKey,
  });
  return refund.id;
}

/**
 * Gives back (part of) a payment through the provider that took it and answers the provider's
 * refund id; the sandbox, where no money moved, records one of its own.
 */
export async function refundProviderPayment(payments: Payments, request: ProviderRefund): Promise<string> {
  switch (request.provider) {
    case "stripe":
      return refundWithStripe(payments, request);
    case "paypal":
      return refundWithPayPal(payments, request);
    case "sandbox":
      return `sandbox_refund_${request.refundKey}`;
    default:
      throw new AppError("UNPROCESSABLE", "This payment was not taken by a provider that can refund it.");
  }
}

/** Refunds (part of) an order's payment through the provider that took it (a refund staff make). */
export async function refundPayment(payments: Payments, request: RefundRequest): Promise<string> {
  // A subscription's payments are sales of PayPal Subscriptions, not captures of an order.
  if (
    request.order.provider === "paypal" &&
    (isMonthly(request.order.offerId) || !request.order.providerPaymentId)
  )
    throw new AppError("UNPROCESSABLE", "This PayPal subscription payment is refunded in PayPal.");
  return refundProviderPayment(payments, {
    provider: request.order.provider ?? "",
    paymentId: request.paymentId ?? request.order.providerPaymentId ?? "",
    amount: request.amount,
    refundKey: request.refundId,
    reason: request.reason,
    metadata: { orderId: request.order.id, refundId: request.refundId },
  });
}
