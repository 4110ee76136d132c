import { eq } from "drizzle-orm";
import { type ServiceOrder, users } from "../../shared/schema";
import type { Tx } from "../db/tx";
import { applyPaidOrderToAffiliates } from "../modules/affiliates/order-paid";

/** What the effects of a payment need from the configuration. */
export interface PaidContext {
  /** Days a commission earned on the order stays pending (the refund window). */
  commissionHoldDays: number;
}

/** Something a paid order sets in motion; runs once, inside the fulfilment transaction. */
export type OnPaidEffect = (tx: Tx, order: ServiceOrder, context: PaidContext) => Promise<void>;

/** Account-plan offers (the Pro upgrade, account upgrades) set the buyer's plan. */
async function applyAccountPlan(tx: Tx, order: ServiceOrder): Promise<void> {
  const plan = order.metadata.accountPlan;
  if (typeof plan !== "string" || !plan) return;
  await tx.update(users).set({ plan }).where(eq(users.id, order.userId));
}

/**
 * Everything a paid order does beyond the order itself, in this order. This list is the one
 * place to hook a new consequence of a payment (the affiliate programme's commission is here).
 */
export const ON_PAID_EFFECTS: readonly OnPaidEffect[] = [applyAccountPlan, applyPaidOrderToAffiliates];
