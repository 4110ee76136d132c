import { isDecimalAmount, toCents } from "../../../shared/money";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import type { Logger } from "../../lib/logger";
import type { Mailer } from "../../mail/mailer";
import type { MoneyMoved, PaidContext } from "../../payments/money-effects";
import type { PayPalClient } from "../../payments/paypal-client";
import { refundOrder } from "../../payments/refund-order";
import { handlePayPalBillingEvent, type PayPalBillingEvent } from "../billing/paypal-billing-events";
import { applyPayoutItem } from "../payouts/paypal-batch";

/** Money of a capture moved: refunded by the merchant, reversed (a chargeback), or a dispute decided. */
const MONEY_EVENTS = new Set([
  "PAYMENT.CAPTURE.REFUNDED",
  "PAYMENT.CAPTURE.REVERSED",
  "CUSTOMER.DISPUTE.RESOLVED",
]);

interface PayPalEvent {
  id?: unknown;
  event_type?: unknown;
  resource?: {
    id?: unknown;
    links?: { rel?: unknown; href?: unknown }[];
    seller_payable_breakdown?: { total_refunded_amount?: { value?: unknown } };
    /** A dispute's: what it is about, and how it ended. */
    dispute_id?: unknown;
    disputed_transactions?: { seller_transaction_id?: unknown }[];
    dispute_outcome?: { outcome_code?: unknown };
  };
}

/** The resource of a `PAYMENT.PAYOUTS-ITEM.*` event: one item of a payout batch. */
interface PayoutItemResource {
  payout_item_id?: unknown;
  transaction_status?: unknown;
  time_processed?: unknown;
  payout_item?: { sender_item_id?: unknown };
  errors?: { message?: unknown };
}

/**
 * What a capture event says moved, and the capture it is about. A reversed capture is a
 * chargeback keyed by the capture's own reversal; a resolved dispute names the captures it was
 * about and whether the seller (us) or the buyer won. Null for anything else.
 */
function moneyMoved(event: PayPalEvent): { moved: MoneyMoved; paymentIds: string[] } | null {
  const resource = event.resource;
  if (event.event_type === "PAYMENT.CAPTURE.REFUNDED") {
    const total = resource?.seller_payable_breakdown?.total_refunded_amount?.value;
    const capture = captureIdOf(resource);
    return capture
      ? {
          moved: {
            kind: "refund",
            refundId: typeof resource?.id === "string" ? resource.id : undefined,
            refundedCents: typeof total === "string" && isDecimalAmount(total) ? toCents(total) : undefined,
          },
          paymentIds: [capture],
        }
      : null;
  }
  if (event.event_type === "PAYMENT.CAPTURE.REVERSED") {
    const capture = captureIdOf(resource);
    return capture
      ? { moved: { kind: "chargeback", disputeId: `reversal:${capture}` }, paymentIds: [capture] }
      : null;
  }
  const captures = (resource?.disputed_transactions ?? [])
    .map((t) => t.seller_transaction_id)
    .filter((id): id is string => typeof id === "string");
  const outcome = resource?.dispute_outcome?.outcome_code;
  if (captures.length === 0) return null;
  // PayPal decides a dispute on the captures it names; the chargeback we kept is keyed by the reversal of the capture.
  const disputeId = `reversal:${captures[0]}`;
  if (outcome === "RESOLVED_SELLER_FAVOUR")
    return { moved: { kind: "chargeback-won", disputeId }, paymentIds: captures };
  if (outcome === "RESOLVED_BUYER_FAVOUR")
    return { moved: { kind: "chargeback-lost", disputeId }, paymentIds: captures };
  return null;
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

  // A batch item's status (PAYMENT.PAYOUTS-ITEM.SUCCEEDED, .UNCLAIMED, .RETURNED, .FAILED, .BLOCKED…).
  if (event.event_type.startsWith("PAYMENT.PAYOUTS-ITEM.")) {
    const item = event.resource as PayoutItemResource | undefined;
    const senderItemId = item?.payout_item?.sender_item_id;
    if (typeof senderItemId === "string" && typeof item?.transaction_status === "string")
      await applyPayoutItem(options.db, {
        senderItemId,
        status: item.transaction_status,
        reason: typeof item.errors?.message === "string" ? item.errors.message : null,
        processedAt: typeof item.time_processed === "string" ? item.time_processed : null,
        reference: typeof item.payout_item_id === "string" ? item.payout_item_id : undefined,
      });
    return { received: true };
  }
  if (!MONEY_EVENTS.has(event.event_type)) return { received: true };
  const moved = moneyMoved(event);
  if (!moved) return { received: true };
  const outcome = await refundOrder(
    options.db,
    { provider: "paypal", eventId: event.id, eventType: event.event_type, ...moved },
    options.paid.effects,
  );
  if (["unknown-order", "replayed", "recorded-before", "already-refunded"].includes(outcome))
    options.logger.warn(
      { eventId: event.id, paymentIds: moved.paymentIds, outcome },
      "reversal changed nothing",
    );
  return { received: true };
}
