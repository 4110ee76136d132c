import { and, eq } from "drizzle-orm";
import { levelCommissionPercent, type TAffiliateLevel } from "../../../shared/api/affiliates";
import { AFFILIATE_TIERS, type OfferKey } from "../../../shared/catalog";
import { serviceOrders } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";

/** The offer whose paid order raises the buyer's affiliate rates (catalogue key). */
export const TIER_UPGRADE_OFFER: OfferKey = "tierUpgrade";

/** The commission percent of a tier id from a tier-upgrade order, or 0 for anything else. */
export function tierCommissionPercent(tierId: unknown): number {
  return AFFILIATE_TIERS.find((t) => t.id === tierId)?.commissionPercent ?? 0;
}

/** The tier id a tier-upgrade order was bought for (the request body is kept in its metadata). */
export function orderedTier(metadata: Record<string, unknown> | null): unknown {
  const request = metadata?.request;
  return request && typeof request === "object" ? (request as { tier?: unknown }).tier : undefined;
}

/**
 * The commission percent a new affiliate of this user earns them, as stored ("7.00"): the
 * level's rate, or the rate of the best tier the user has paid for when that is higher.
 */
export async function commissionRateFor(
  db: DbOrTx,
  options: { userId: string; level: TAffiliateLevel },
): Promise<string> {
  const paidTiers = await db
    .select({ metadata: serviceOrders.metadata })
    .from(serviceOrders)
    .where(
      and(
        eq(serviceOrders.userId, options.userId),
        eq(serviceOrders.offerId, TIER_UPGRADE_OFFER),
        eq(serviceOrders.status, "paid"),
      ),
    );
  const tierPercent = Math.max(0, ...paidTiers.map((o) => tierCommissionPercent(orderedTier(o.metadata))));
  return Math.max(levelCommissionPercent(options.level), tierPercent).toFixed(2);
}
