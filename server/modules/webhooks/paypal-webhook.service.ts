import { isDecimalAmount, toCents } from "../../../shared/money";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import type { Logger } from "../../logger";
import type { Mailer } from "../../mail/mailer";
import type { PaidContext } from "../../payments/on-paid-effects";
import type { PayPalClient } from "../../payments/paypal-client";
import { refundOrder } from "../../payments/refund-order";
import { handlePayPalBillingEvent, type PayPalBillingEvent } from "../billing/paypal-billing-events";

/** Money taken back from a capture: refunded by the merchant, or reversed (a chargeback). */
const REVERSAL_EVENTS: Record<string, string> = {
  "PAYMENT.CAPTURE.REFUNDED": "refund",
  "PAYMENT.CAPTURE.REVERSED": "dispute",
};

interface PayPalEvent {
  id?: unknown;
  event_type?: unknown;
  resource?: {
    id?: unknown;
    links?: { rel?: unknown; href?: unknown }[];
    seller_payable_breakdown?: { total_refunded_amount?: { value?: unknown } };
  };
}

/**
 * A refund's own id and the capture's refunded total so far, so that the webhook of a refund
 * staff made here changes nothing more.
 */
function refundOf(event: PayPalEvent): { id?: string; refundedCents?: number } | undefined {
  if (event.event_type !== "PAYMENT.CAPTURE.REFUNDED") return undefined;
  const resource = event.resource;
  const total = resource?.seller_payable_breakdown?.total_refunded_amount?.value;
  return {
    id: typeof resource?.id === "string" ? resource.id : undefined,
    refundedCents: typeof total === "string" && isDecimalAmount(total) ? toCents(total) : undefined,
  };
}

/**
 * The capture a refund or reversal is about: a refund links "up" to its capture; a reversed
 * capture's resource may be the capture itself.
 */
function captureIdOf(resource: PayPalEvent["resource"]): string | null {
  const up = resource?.links?.find((l) => l.rel === "up" && typeof l.href === "string");
  const fromLink = typeof up?.href === "string" ? /\/captures\/([^/?]+)/.exec(up.href)?.[1] : undefined;
  if (fromLink) return decodeURIComponent(fromLink);
  return typeof resource?.id === "string" ? resource.id : null;
}

/**
 * A PayPal webhook: PayPal itself verifies the delivery's signature headers against our webhook
 * id; then a refunded or reversed capture reverses the order it paid for (found by the capture
 * id fulfilment stored). A replayed event changes nothing.
 */
export async function handlePayPalWebhook(options: {
  db: Db;
  logger: Logger;
  mailer: Mailer;
  paid: PaidContext;
  paypal: PayPalClient | null;
  webhookId: string | null;
  rawBody: Buffer;
  header: (name: string) => string | undefined;
}): Promise<{ received: true }> {
  const { paypal, webhookId, header } = options;
  if (!paypal || !webhookId) throw new AppError("UNAVAILABLE", "PayPal webhooks are not configured");
  let event: PayPalEvent;
  try {
    event = JSON.parse(options.rawBody.toString("utf8")) as PayPalEvent;
  } catch {
    throw new AppError("BAD_REQUEST", "The webhook body is not JSON");
  }
  if (
    !event ||
    typeof event !== "object" ||
    typeof event.id !== "string" ||
    typeof event.event_type !== "string"
  ) {
    throw new AppError("BAD_REQUEST", "The webhook body is not a PayPal event");
  }
  const headers = {
    authAlgo: header("paypal-auth-algo"),
    certUrl: header("paypal-cert-url"),
    transmissionId: header("paypal-transmission-id"),
    transmissionSig: header("paypal-transmission-sig"),
    transmissionTime: header("paypal-transmission-time"),
  };
  if (Object.values(headers).some((v) => !v))
    throw new AppError("BAD_REQUEST", "Missing PayPal signature headers");
  const verified = await paypal.verifyWebhookSignature({
    webhookId,
    headers: headers as Record<keyof typeof headers, string>,
    event,
  });
  if (!verified) throw new AppError("BAD_REQUEST", "Invalid PayPal signature");
  // Subscriptions (PayPal Subscriptions) have their own handler; the rest are one-off payments.
  if (await handlePayPalBillingEvent(options, event as PayPalBillingEvent)) return { received: true };

  const reason = REVERSAL_EVENTS[event.event_type];
  if (!reason) return { received: true };
  const captureId = captureIdOf(event.resource);
  if (!captureId) return { received: true };
  const outcome = await refundOrder(
    options.db,
    {
      provider: "paypal",
      eventId: event.id,
      eventType: event.event_type,
      providerPaymentId: captureId,
      reason,
      refund: refundOf(event),
    },
    options.paid.effects,
  );
  if (outcome !== "refunded") {
    options.logger.warn({ eventId: event.id, captureId, outcome }, "reversal changed nothing");
  }
  return { received: true };
}
