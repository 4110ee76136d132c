import { eq, sql } from "drizzle-orm";
import type { TAffiliateLevel } from "../../../shared/api/affiliates";
import { isEscrowOffer } from "../../../shared/marketplace-deals";
import { affiliates, type ServiceOrder } from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import type { MoneyBack, OrderEffects, PartRefund } from "../../payments/money-effects";
import { commissionRateFor, orderedTier, TIER_UPGRADE_OFFER, tierCommissionPercent } from "./commission-rate";
import { creditReferralCommission, followCommission } from "./credit-referral-commission";

type PaidOrder = Pick<
  ServiceOrder,
  "id" | "userId" | "price" | "offerId" | "metadata" | "provider" | "payer"
>;

/** A paid tier upgrade raises every affiliate rate of the buyer to the tier's rate (never lowers one). */
async function applyTierUpgrade(tx: Tx, order: PaidOrder): Promise<void> {
  const percent = tierCommissionPercent(orderedTier(order.metadata));
  if (percent <= 0) return;
  await tx
    .update(affiliates)
    .set({ commissionRate: sql`greatest(${affiliates.commissionRate}, ${percent.toFixed(2)}::numeric)` })
    .where(eq(affiliates.userId, order.userId));
}

/**
 * What a paid order means to the affiliate programme, run once in the fulfilment transaction:
 * the buyer's referrer earns their commission on it, and a tier upgrade raises the buyer's own
 * rates. Both are idempotent, so a replayed fulfilment changes nothing.
 */
export async function applyPaidOrderToAffiliates(
  tx: Tx,
  order: PaidOrder,
  context: { commissionHoldDays: number },
): Promise<void> {
  // An escrow purchase pays another user for their domain, not the platform for a service.
  if (isEscrowOffer(order.offerId)) return;
  await creditReferralCommission(tx, order, { holdDays: context.commissionHoldDays });
  if (order.offerId === TIER_UPGRADE_OFFER) await applyTierUpgrade(tx, order);
}

/**
 * A refunded or charged-back order undone for the affiliate programme (the ledger took back the
 * commission it earned the buyer's referrer): the affiliate's total shrinks by it, and a tier
 * upgrade no longer raises the buyer's rates, which return to their level's or the best tier
 * still paid for.
 */
export async function applyRefundedOrderToAffiliates(
  tx: Tx,
  order: Pick<ServiceOrder, "id" | "userId" | "offerId">,
  back: MoneyBack,
): Promise<void> {
  await followCommission(tx, order.id, back.cause, "reversal");
  if (order.offerId !== TIER_UPGRADE_OFFER) return;
  const mine = await tx
    .select({ id: affiliates.id, level: affiliates.level })
    .from(affiliates)
    .where(eq(affiliates.userId, order.userId));
  for (const affiliate of mine) {
    const rate = await commissionRateFor(tx, {
      userId: order.userId,
      level: affiliate.level as TAffiliateLevel,
    });
    await tx.update(affiliates).set({ commissionRate: rate }).where(eq(affiliates.id, affiliate.id));
  }
}

/** A part of an order refunded: the affiliate's total shrinks by the commission's share the ledger took back. */
export async function applyPartlyRefundedOrderToAffiliates(
  tx: Tx,
  order: Pick<ServiceOrder, "id">,
  part: PartRefund,
): Promise<void> {
  await followCommission(tx, order.id, part.cause, "reversal");
}

/** A chargeback decided for us: the commission is back in the total, and a tier upgrade's rates apply again. */
export async function applyChargebackWonToAffiliates(
  tx: Tx,
  order: PaidOrder,
  back: MoneyBack,
): Promise<void> {
  await followCommission(tx, order.id, back.cause, "reinstatement");
  if (order.offerId === TIER_UPGRADE_OFFER) await applyTierUpgrade(tx, order);
}

/** What a payment, a refund, a part refunded and a chargeback mean to the affiliate programme. */
export const affiliateOrderEffects: OrderEffects = {
  paid: applyPaidOrderToAffiliates,
  refunded: applyRefundedOrderToAffiliates,
  partlyRefunded: applyPartlyRefundedOrderToAffiliates,
  chargedBack: applyRefundedOrderToAffiliates,
  chargebackWon: applyChargebackWonToAffiliates,
};
