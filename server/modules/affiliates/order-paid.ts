import { eq, sql } from "drizzle-orm";
import type { TAffiliateLevel } from "../../../shared/api/affiliates";
import { isEscrowOffer } from "../../../shared/marketplace-deals";
import { affiliates, type ServiceOrder } from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import type { OrderEffects, PartRefund } from "../../payments/on-paid-effects";
import { commissionRateFor, orderedTier, TIER_UPGRADE_OFFER, tierCommissionPercent } from "./commission-rate";
import {
  creditReferralCommission,
  reverseReferralCommission,
  reverseReferralCommissionShare,
} from "./credit-referral-commission";

type PaidOrder = Pick<ServiceOrder, "id" | "userId" | "price" | "offerId" | "metadata" | "provider">;

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
 * A refunded or disputed order undone for the affiliate programme (the order is already marked
 * refunded): the commission it earned the buyer's referrer is reversed, and a tier upgrade no
 * longer raises the buyer's rates, which return to their level's or the best tier still paid for.
 */
export async function applyRefundedOrderToAffiliates(
  tx: Tx,
  order: Pick<ServiceOrder, "id" | "userId" | "offerId">,
  reason: string,
): Promise<void> {
  await reverseReferralCommission(tx, order.id, reason);
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

/** A part of an order refunded: the referrer's commission on it shrinks by the part's share. */
export async function applyPartlyRefundedOrderToAffiliates(
  tx: Tx,
  order: Pick<ServiceOrder, "id" | "price">,
  part: PartRefund,
): Promise<void> {
  await reverseReferralCommissionShare(tx, {
    orderId: order.id,
    price: order.price,
    refunded: part.amount,
    refundId: part.id,
    reason: `partial refund of order ${order.id}`,
  });
}

/** What a payment, a refund and a part refunded mean to the affiliate programme. */
export const affiliateOrderEffects: OrderEffects = {
  onPaid: applyPaidOrderToAffiliates,
  onRefunded: applyRefundedOrderToAffiliates,
  onPartlyRefunded: applyPartlyRefundedOrderToAffiliates,
};
