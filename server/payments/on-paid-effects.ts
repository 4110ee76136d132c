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
