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

const onPaid: OnPaidEffect[] = [];
const onRefunded: OnRefundedEffect[] = [];
const onPartlyRefunded: OnPartlyRefundedEffect[] = [];

/**
 * The modules hook what a payment means to them here, in the order given (what the order grants
 * before what it earns a referrer), so that payments never imports a module. Registering the
 * same effect again changes nothing, so every entry point may wire the effects it needs.
 */
export function registerOrderEffects(effects: {
  onPaid?: OnPaidEffect;
  onRefunded?: OnRefundedEffect;
  onPartlyRefunded?: OnPartlyRefundedEffect;
}): void {
  if (effects.onPaid && !onPaid.includes(effects.onPaid)) onPaid.push(effects.onPaid);
  if (effects.onRefunded && !onRefunded.includes(effects.onRefunded)) onRefunded.push(effects.onRefunded);
  if (effects.onPartlyRefunded && !onPartlyRefunded.includes(effects.onPartlyRefunded))
    onPartlyRefunded.push(effects.onPartlyRefunded);
}

/** Everything a paid order does beyond the order itself, in registration order. */
export const paidEffects = (): readonly OnPaidEffect[] => onPaid;
/** Everything a refund undoes beyond the order itself, in registration order. */
export const refundedEffects = (): readonly OnRefundedEffect[] => onRefunded;
/** Everything a refund of part of an order takes back, in registration order. */
export const partlyRefundedEffects = (): readonly OnPartlyRefundedEffect[] => onPartlyRefunded;
