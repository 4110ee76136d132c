import { and, eq, sql } from "drizzle-orm";
import { affiliates, type ServiceOrder } from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import { creditRevenue } from "../ledger/ledger.service";

export const commissionKey = (orderId: string) => `commission:${orderId}`;

/**
 * When a referred user's order is paid, their referrer earns the affiliate's commission rate
 * of the price, rounded to the cent, as `affiliate` revenue, and the affiliate's total grows.
 * Runs in the fulfilment transaction; a replayed fulfilment credits nothing more.
 */
export async function creditReferralCommission(
  tx: Tx,
  order: Pick<ServiceOrder, "id" | "userId" | "price">,
): Promise<void> {
  // The lock serialises two fulfilments of orders by the same referral, so neither total is lost.
  const [affiliate] = await tx
    .select({ id: affiliates.id, userId: affiliates.userId, rate: affiliates.commissionRate })
    .from(affiliates)
    .where(and(eq(affiliates.referredUserId, order.userId), eq(affiliates.isActive, true)))
    .for("update");
  if (!affiliate) return;

  const sourceKey = commissionKey(order.id);
  const {
    rows: [figures],
  } = await tx.execute<{ amount: string; credited: boolean }>(sql`
    select round(${order.price}::numeric * ${affiliate.rate}::numeric / 100, 2)::text as amount,
           exists (select 1 from revenue_events where source_key = ${sourceKey}) as credited
  `);
  if (figures.credited || Number(figures.amount) <= 0) return;

  await creditRevenue(tx, [
    {
      userId: affiliate.userId,
      type: "affiliate",
      amount: figures.amount,
      description: `Affiliate commission: ${Number(affiliate.rate)}% of a $${order.price} order`,
      metadata: { affiliateId: affiliate.id, orderId: order.id, commissionRate: affiliate.rate },
      sourceKey,
    },
  ]);
  await tx
    .update(affiliates)
    .set({ totalCommissions: sql`${affiliates.totalCommissions} + ${figures.amount}::numeric` })
    .where(eq(affiliates.id, affiliate.id));
}
