import type { ServiceOrder } from "../../shared/schema";
import type { Tx } from "../db/tx";
import type { Mailer } from "../mail/mailer";

/**
 * What fulfilment needs beyond the payment: the configuration the effects read, and the effects
 * themselves. The areas that define effects sit above payments, so the table of them
 * (`server/order-effects/`) is handed in where the app, a command or the demo seed is assembled.
 */
export interface PaidContext {
  /** Days a commission earned on the order stays pending (the refund window). */
  commissionHoldDays: number;
  effects: PaymentEffects;
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
 * `ORDER_EFFECTS` (`server/order-effects/order-effects.ts`).
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

/**
 * Something paid through the same providers that is not a service order: it fulfils a payment
 * whose id is its own, idempotently, and takes back a refunded or disputed one; null for any other.
 */
export interface OtherPayable {
  fulfil(tx: Tx, mailer: Mailer, payment: Payment): Promise<FulfilOutcome | null>;
  reverse(tx: Tx, reversal: PaymentReversal): Promise<RefundOutcome | null>;
}

/** What fulfilment and refunds run beyond the order itself, gathered from every area. */
export interface PaymentEffects {
  /** Every area's effects, in the order they run. */
  areas: readonly OrderEffects[];
  /** What else the providers are paid for (a lead buyer's monthly invoice). */
  otherPayables: readonly OtherPayable[];
}
