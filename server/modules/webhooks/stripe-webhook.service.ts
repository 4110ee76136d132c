import type Stripe from "stripe";
import { centsToDecimal } from "../../../shared/money";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import type { Logger } from "../../logger";
import type { Mailer } from "../../mail/mailer";
import type { PaidContext } from "../../payments/on-paid-effects";
import { recordPayment } from "../../payments/record-payment";
import { refundOrder } from "../../payments/refund-order";
import { handleStripeBillingEvent } from "../billing/stripe-billing-events";
import { isWithinTolerance } from "./stripe-signed-at";

/** Stripe's own default: a signature more than five minutes old, or ahead, is refused (replay protection). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

const PAID_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/** Money taken back: a refund (in full it ends the order, in part it keeps it) or a chargeback opened. */
const REVERSAL_EVENTS: Record<string, string> = {
  "charge.refunded": "refund",
  "charge.dispute.created": "dispute",
};

const intentId = (intent: string | { id: string } | null | undefined) =>
  typeof intent === "string" ? intent : (intent?.id ?? null);

/**
 * A Stripe webhook: verify the signature over the raw body, then fulfil a paid Checkout
 * Session's order with its payment intent id, or reverse the order a refunded or disputed charge
 * paid for (found by that payment intent). A replayed event changes nothing.
 */
export async function handleStripeWebhook(options: {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  stripe: Stripe | null;
  webhookSecret: string | null;
  rawBody: Buffer;
  signature: string | undefined;
  paid: PaidContext;
}): Promise<{ received: true }> {
  const { stripe, webhookSecret } = options;
  if (!stripe || !webhookSecret) throw new AppError("UNAVAILABLE", "Stripe webhooks are not configured");
  if (!options.signature) throw new AppError("BAD_REQUEST", "Missing Stripe signature");

  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(
      options.rawBody,
      options.signature,
      webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
    );
  } catch {
    throw new AppError("BAD_REQUEST", "Invalid Stripe signature");
  }
  if (!isWithinTolerance(options.signature, Math.floor(Date.now() / 1000), SIGNATURE_TOLERANCE_SECONDS)) {
    throw new AppError("BAD_REQUEST", "Invalid Stripe signature");
  }
  // Subscriptions (Stripe Billing) have their own handler; the rest are one-off payments.
  if (await handleStripeBillingEvent({ ...options, stripe }, event)) return { received: true };

  const reason = REVERSAL_EVENTS[event.type];
  if (reason) {
    const taken = event.data.object as Stripe.Charge | Stripe.Dispute;
    const paymentId = intentId(taken.payment_intent);
    if (!paymentId) return { received: true };
    const outcome = await refundOrder(
      options.db,
      {
        provider: "stripe",
        eventId: event.id,
        eventType: event.type,
        providerPaymentId: paymentId,
        reason,
        // The charge's refunded total: a refund staff made here is already applied.
        refund:
          taken.object === "charge" && Number.isInteger(taken.amount_refunded)
            ? { refundedCents: taken.amount_refunded }
            : undefined,
      },
      options.paid.effects,
    );
    if (outcome !== "refunded")
      options.logger.warn({ eventId: event.id, paymentId, outcome }, "reversal changed nothing");
    return { received: true };
  }
  if (!PAID_EVENTS.has(event.type)) return { received: true };
  const session = event.data.object as Stripe.Checkout.Session;
  const orderId = session.metadata?.orderId ?? session.client_reference_id;
  if (session.payment_status !== "paid" || !orderId || session.currency !== "usd") {
    options.logger.info({ eventId: event.id, orderId }, "stripe session not paid in USD; nothing to fulfil");
    return { received: true };
  }
  const intent = session.payment_intent;
  await recordPayment(
    options.db,
    options.mailer,
    options.logger,
    {
      orderId,
      provider: "stripe",
      providerPaymentId: intentId(intent) ?? session.id,
      amountPaid: centsToDecimal(session.amount_total ?? 0),
    },
    options.paid,
  );
  return { received: true };
}
