import type { ServiceOrder } from "../../shared/schema";
import type { Tx } from "../db/tx";

/** What the effects of a payment need from the configuration. */
export interface PaidContext {
  /** Days a commission earned on the order stays pending (the refund window). */
  commissionHoldDays: number;
}

/** Something a paid order sets in motion; runs once, inside the fulfilment transaction. */
export type OnPaidEffect = (tx: Tx, order: ServiceOrder, context: PaidContext) => Promise<void>;
/** Something a refunded or disputed order undoes; runs once, inside the refund's transaction. */
export type OnRefundedEffect = (tx: Tx, order: ServiceOrder, reason: string) => Promise<void>;
/** A part of an order's payment given back while the order goes on: the refund's id and amount. */
export interface PartRefund {
  id: string;
  amount: string;
}
/** What a refund of part of an order takes back (its share); runs once per part, in its transaction. */
export type OnPartlyRefundedEffect = (tx: Tx, order: ServiceOrder, part: PartRefund) => Promise<void>;

/**
 * What a payment means to one area of the product, defined next to that area's code and listed in
 * `ORDER_EFFECTS` (`./order-effects.ts`), which fulfilment and refunds read directly.
 */
export interface OrderEffects {
  onPaid?: OnPaidEffect;
  onRefunded?: OnRefundedEffect;
  onPartlyRefunded?: OnPartlyRefundedEffect;
}

export interface Payment {
  orderId: string;
  /** "stripe", "paypal" or "sandbox". */
  provider: string;
  /** The provider's unique id of this payment; fulfilling the same id twice changes nothing. */
  providerPaymentId: string;
  /** What the provider says was paid (decimal string), checked against the order's price. */
  amountPaid: string;
  /** When it was paid, for a payment recorded after the fact (the demo seed's); default now. */
  paidAt?: Date;
}

export type FulfilOutcome = "fulfilled" | "already-paid" | "unknown-order" | "amount-mismatch";

export type RefundOutcome =
  | "refunded"
  | "already-refunded"
  | "refunded-in-part"
  | "recorded-before"
  | "unknown-order"
  | "replayed";

/** A provider's word that a payment was taken back, by the provider's id of that payment. */
export interface PaymentReversal {
  /** "stripe" or "paypal": the webhook it came from. */
  provider: string;
  /** The provider's event id: the same event twice changes nothing. */
  eventId: string;
  eventType: string;
  /** The id fulfilment stored on the order (a payment intent, a PayPal capture). */
  providerPaymentId: string;
  /** "refund" or "dispute", shown in the account's events and the reversal's description. */
  reason: string;
  /**
   * What the provider says of the refund, when it says: its id, and the payment's refunded total
   * so far in cents. A refund staff made (`order_refunds`) is already applied, so its webhook
   * changes nothing more; a total short of the price is a partial refund.
   */
  refund?: { id?: string; refundedCents?: number };
}
