import type { ServiceOrder } from "../../shared/schema";
import type { Tx } from "../db/tx";
import type { Mailer } from "../mail/mailer";
import type { Payments } from "./payments";

/**
 * What fulfilment needs beyond the payment: the configuration the effects read, and the effects
 * themselves. The areas that define effects sit above payments, so the table of them
 * (`server/order-effects/`) is handed in where the app, a command or the demo seed is assembled.
 */
export interface PaidContext {
  /** Days a commission earned on the order stays pending (the refund window). */
  commissionHoldDays: number;
  effects: PaymentEffects;
  /**
   * The providers, to give an unmatched payment back as soon as it is kept (else the refund job
   * does it on its next run).
   */
  payments?: Payments;
}

/**
 * What took money back from a paid order, as each area sees it. The ledger's own entry of the
 * table takes back the credits the payment funded (docs/money.md#refunds-and-chargebacks); an
 * area reads what it took with `cause`.
 */
export interface MoneyBack {
  /** "refund" or "chargeback": how the buyer's activity and the ledger's descriptions say it. */
  reason: "refund" | "chargeback";
  /** The provider's id of the refund or the dispute: what the ledger's reversals are keyed by. */
  cause: string;
  /** Words for what happened, for notes and notifications: "refund of order …". */
  note: string;
}

/** A part of an order's payment given back while the order goes on. */
export interface PartRefund extends MoneyBack {
  reason: "refund";
  /** The refund's own id (ours for a refund staff made, the provider's otherwise). */
  id: string;
  /** This part, a decimal string. */
  amount: string;
}

/** Something an order's payment, or money taken back from it, means to one area; runs once, in its transaction. */
export type Effect<A> = (tx: Tx, order: ServiceOrder, arg: A) => Promise<void>;

/** An area's word that one of the events means nothing to it, and why. */
export interface NoEffect {
  none: string;
}
export const noEffect = (why: string): NoEffect => ({ none: why });

/**
 * What an order's money means to one area of the product, defined next to that area's code and
 * listed in `ORDER_EFFECTS` (`server/order-effects/order-effects.ts`). Every event must be
 * declared, with `noEffect(why)` where it changes nothing there: leaving one out does not compile.
 */
export interface OrderEffects {
  /** The order is paid. */
  paid: Effect<PaidContext> | NoEffect;
  /** All of the payment given back: the order ends. */
  refunded: Effect<MoneyBack> | NoEffect;
  /** A part given back: the order goes on. */
  partlyRefunded: Effect<PartRefund> | NoEffect;
  /** The buyer's bank took the payment back (a chargeback opened): the order ends as a refund would. */
  chargedBack: Effect<MoneyBack> | NoEffect;
  /** A chargeback decided for the platform: the money came back. */
  chargebackWon: Effect<MoneyBack> | NoEffect;
}

/** Runs one event's effect of every area, in the table's order. */
export async function runEffects<E extends keyof OrderEffects>(
  tx: Tx,
  effects: PaymentEffects,
  event: E,
  order: ServiceOrder,
  arg: Parameters<Exclude<OrderEffects[E], NoEffect>>[2],
): Promise<void> {
  for (const area of effects.areas) {
    const effect = area[event];
    if (typeof effect === "function") await (effect as Effect<typeof arg>)(tx, order, arg);
  }
}

export interface Payment {
  orderId: string;
  /** "stripe", "paypal" or "sandbox". */
  provider: string;
  /** The provider's unique id of this payment; fulfilling the same id twice changes nothing. */
  providerPaymentId: string;
  /** What kind of id `providerPaymentId` is; default: told by the provider and the id's prefix. */
  idKind?: PaymentIdKind;
  /** The payment's other ids the provider gave (its Checkout Session, its invoice's payment intent…). */
  otherIds?: { id: string; kind: PaymentIdKind }[];
  /** What the provider says was paid (decimal string), checked against the order's price. */
  amountPaid: string;
  /**
   * The provider's fingerprint of what paid (`card:<fingerprint>`, `paypal:<payer id>`), when it
   * told one: kept on the order, so one card paying for two accounts shows (self-referral).
   */
  payer?: string;
  /** When it was paid, for a payment recorded after the fact (the demo seed's); default now. */
  paidAt?: Date;
}

/** The kinds of id a provider gives a payment (`payment_ids.kind`). */
export type PaymentIdKind =
  | "checkout_session"
  | "payment_intent"
  | "charge"
  | "invoice"
  | "capture"
  | "sale"
  | "sandbox";

/**
 * How a payment ended: it paid its order, or was the same payment again (a replay), or found no
 * open order to pay (`unmatched`: refunded at once, docs/money.md#money-nobody-ordered).
 */
export type FulfilOutcome = "fulfilled" | "already-paid" | "unmatched" | "unknown-order";

export type RefundOutcome =
  | "refunded"
  | "already-refunded"
  | "refunded-in-part"
  | "recorded-before"
  | "charged-back"
  | "chargeback-won"
  | "chargeback-lost"
  | "unknown-order"
  | "replayed";

/** What a provider says moved: money taken back (a refund, a chargeback), or a chargeback decided. */
export type MoneyMoved =
  /** A refund: its id, and the payment's refunded total so far in cents when the provider says. */
  | { kind: "refund"; refundId?: string; refundedCents?: number }
  /** The buyer's bank took the payment back. */
  | { kind: "chargeback"; disputeId: string; amountCents?: number }
  /** The dispute was decided for the platform: the money came back. */
  | { kind: "chargeback-won"; disputeId: string }
  /** The dispute was decided for the buyer: the money stays gone. */
  | { kind: "chargeback-lost"; disputeId: string };

/** A provider's word that money of one payment moved back (or came back), from its verified webhook. */
export interface PaymentReversal {
  /** "stripe" or "paypal": the webhook it came from. */
  provider: string;
  /** The provider's event id: the same event twice changes nothing. */
  eventId: string;
  eventType: string;
  /**
   * Every id of the payment the event names (a payment intent, a charge, an invoice, a PayPal
   * capture or sale): whichever the provider chose, one of them finds what it paid.
   */
  paymentIds: string[];
  moved: MoneyMoved;
}

/**
 * Something paid through the same providers that is not a service order: it fulfils a payment
 * whose id is its own, idempotently, and takes back a refunded or disputed one; null for any other.
 */
export interface OtherPayable {
  fulfil(tx: Tx, mailer: Mailer, payment: Payment): Promise<FulfilOutcome | null>;
  /**
   * Money of the payment of `invoiceId` moved (a refund, a chargeback opened, won or lost; the
   * dispute itself is kept by the caller): null when the invoice is not this payable's.
   */
  reverse(tx: Tx, reversal: PaymentReversal, invoiceId: string): Promise<RefundOutcome | null>;
}

/** What fulfilment and refunds run beyond the order itself, gathered from every area. */
export interface PaymentEffects {
  /** Every area's effects, in the order they run. */
  areas: readonly OrderEffects[];
  /** What else the providers are paid for (a lead buyer's monthly invoice). */
  otherPayables: readonly OtherPayable[];
}
