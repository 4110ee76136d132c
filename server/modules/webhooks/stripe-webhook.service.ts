import type Stripe from "stripe";
import { centsToDecimal } from "../../../shared/money";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import type { Logger } from "../../lib/logger";
import type { Mailer } from "../../mail/mailer";
import type { MoneyMoved, PaidContext } from "../../payments/money-effects";
import { findPaid } from "../../payments/payment-ids";
import { recordPayment } from "../../payments/record-payment";
import { refundOrder } from "../../payments/refund-order";
import { handleStripeBillingEvent } from "../billing/stripe-billing-events";
import { handleConnectEvent } from "../payouts/connect-events";
import { isWithinTolerance } from "./stripe-signed-at";

/** Stripe's own default: a signature more than five minutes old, or ahead, is refused (replay protection). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

const PAID_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/** The events that move money back (or bring it back) and that this handler reads. */
const MONEY_EVENTS = new Set([
  "charge.refunded",
  "charge.dispute.created",
  "charge.dispute.closed",
  "charge.dispute.funds_reinstated",
]);

const intentId = (intent: string | { id: string } | null | undefined) =>
  typeof intent === "string" ? intent : (intent?.id ?? null);

/**
 * What a refund or dispute event says moved, and every id of the payment it names (its payment
 * intent, its charge, and, in older API versions, the invoice a charge paid). Null for a dispute
 * closed neither won nor lost (a warning closed).
 */
function moneyMoved(event: Stripe.Event): { moved: MoneyMoved; paymentIds: string[] } | null {
  if (event.type === "charge.refunded") {
    const charge = event.data.object as Stripe.Charge;
    const legacyInvoice = (charge as unknown as { invoice?: string | { id: string } | null }).invoice;
    return {
      moved: {
        kind: "refund",
        refundedCents: Number.isInteger(charge.amount_refunded) ? charge.amount_refunded : undefined,
      },
      paymentIds: [intentId(charge.payment_intent), charge.id, intentId(legacyInvoice)].filter(
        (id): id is string => Boolean(id),
      ),
    };
  }
  const dispute = event.data.object as Stripe.Dispute;
  const paymentIds = [intentId(dispute.payment_intent), intentId(dispute.charge)].filter((id): id is string =>
    Boolean(id),
  );
  if (event.type === "charge.dispute.created")
    return { moved: { kind: "chargeback", disputeId: dispute.id, amountCents: dispute.amount }, paymentIds };
  if (event.type === "charge.dispute.funds_reinstated" || dispute.status === "won")
    return { moved: { kind: "chargeback-won", disputeId: dispute.id }, paymentIds };
  if (dispute.status === "lost")
    return { moved: { kind: "chargeback-lost", disputeId: dispute.id }, paymentIds };
  return null;
}

/**
 * A payment Stripe names by a payment intent this server never saw is a subscription invoice's
 * (current API versions send an invoice without what paid it): the invoice it paid is asked of
 * Stripe, before any transaction opens, so the refund or dispute still finds its order.
 */
async function withInvoiceOf(options: { db: Db; stripe: Stripe; logger: Logger }, paymentIds: string[]) {
  if (await findPaid(options.db, "stripe", paymentIds)) return paymentIds;
  const intent = paymentIds.find((id) => id.startsWith("pi_"));
  if (!intent) return paymentIds;
  const found = await options.stripe.invoicePayments
    .list({ payment: { type: "payment_intent", payment_intent: intent }, limit: 1 })
    .catch((err: unknown) => {
      options.logger.warn(
        { err, paymentIntent: intent },
        "the invoice a payment intent paid could not be read",
      );
      return null;
    });
  const invoice = intentId(found?.data[0]?.invoice as string | { id: string } | undefined);
  return invoice ? [...paymentIds, invoice] : paymentIds;
}

/**
 * The fingerprint of the card that paid a payment intent (Stripe's, the same for one card number
 * on every account), asked of Stripe before the payment's transaction opens. Unknown when Stripe
 * does not answer or the payment was no card: the payment is fulfilled all the same.
 */
async function cardOf(options: { stripe: Stripe; logger: Logger }, intent: string | null) {
  if (!intent) return undefined;
  const paid = await options.stripe.paymentIntents
    .retrieve(intent, { expand: ["latest_charge"] })
    .catch((err: unknown) => {
      options.logger.warn({ err, paymentIntent: intent }, "the card of a payment could not be read");
      return null;
    });
  const charge = paid?.latest_charge;
  const fingerprint = typeof charge === "object" ? charge?.payment_method_details?.card?.fingerprint : null;
  return fingerprint ? `card:${fingerprint}` : undefined;
}

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
  // Payouts to bank accounts (Stripe Connect): accounts, transfers and the accounts' payouts.
  if (await handleConnectEvent({ ...options, stripe }, event)) return { received: true };

  if (MONEY_EVENTS.has(event.type)) {
    const moved = moneyMoved(event);
    if (!moved) return { received: true };
    const outcome = await refundOrder(
      options.db,
      {
        provider: "stripe",
        eventId: event.id,
        eventType: event.type,
        paymentIds: await withInvoiceOf({ ...options, stripe }, moved.paymentIds),
        moved: moved.moved,
      },
      options.paid.effects,
    );
    if (["unknown-order", "replayed", "recorded-before", "already-refunded"].includes(outcome))
      options.logger.warn(
        { eventId: event.id, paymentIds: moved.paymentIds, outcome },
        "reversal changed nothing",
      );
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
      idKind: intentId(intent) ? "payment_intent" : "checkout_session",
      otherIds: intentId(intent) ? [{ id: session.id, kind: "checkout_session" }] : [],
      amountPaid: centsToDecimal(session.amount_total ?? 0),
      payer: await cardOf({ ...options, stripe }, intentId(intent)),
    },
    options.paid,
  );
  return { received: true };
}
