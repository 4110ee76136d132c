import { and, eq } from "drizzle-orm";
import { type MarketplaceTransaction, marketplaceTransactions, serviceOrders } from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import { lapseOffer } from "./offers.service";
import { tellSale } from "./tell-sale";

/**
 * An unpaid sale ends (nobody paid in time, or a side cancelled it): its order can no longer be
 * paid, the accepted offer it paid lapses, the listing is free again, and both sides hear why.
 * A sale no longer awaiting payment is left alone; answers whether it was cancelled.
 */
export async function cancelUnpaidSale(
  tx: Tx,
  row: MarketplaceTransaction,
  options: { now: Date; why: string },
): Promise<MarketplaceTransaction | null> {
  const [cancelled] = await tx
    .update(marketplaceTransactions)
    .set({ status: "cancelled", closedAt: options.now })
    .where(
      and(eq(marketplaceTransactions.id, row.id), eq(marketplaceTransactions.status, "awaiting_payment")),
    )
    .returning();
  if (!cancelled) return null;
  if (row.orderId)
    await tx
      .update(serviceOrders)
      .set({ status: "cancelled" })
      .where(and(eq(serviceOrders.id, row.orderId), eq(serviceOrders.status, "pending")));
  if (row.offerId) await lapseOffer(tx, row.offerId);
  for (const userId of [row.buyerId, row.sellerId])
    await tellSale(tx, userId, `${row.domainName}: sale cancelled`, options.why, row.id);
  return cancelled;
}
