import type { ServiceOrder } from "../../shared/schema";
import type { Tx } from "../db/tx";
import { applyPaidOrderToAffiliates } from "../modules/affiliates/order-paid";
import { applyPaidOrderToBilling } from "../modules/billing/on-paid-billing";

/** What the effects of a payment need from the configuration. */
export interface PaidContext {
  /** Days a commission earned on the order stays pending (the refund window). */
  commissionHoldDays: number;
}

/** Something a paid order sets in motion; runs once, inside the fulfilment transaction. */
export type OnPaidEffect = (tx: Tx, order: ServiceOrder, context: PaidContext) => Promise<void>;

/**
 * Everything a paid order does beyond the order itself, in this order: what it grants (its
 * entitlements or its subscription, the account plan among them), then what it means to the
 * affiliate programme. This list is the one place to hook a new consequence of a payment.
 */
export const ON_PAID_EFFECTS: readonly OnPaidEffect[] = [applyPaidOrderToBilling, applyPaidOrderToAffiliates];
