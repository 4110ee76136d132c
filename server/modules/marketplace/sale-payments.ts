import { and, eq } from "drizzle-orm";
import {
  MARKETPLACE_SALE_OFFER,
  PROTECTION_TERMS,
  type TProtectionLevel,
  TRANSFER_DAYS,
} from "../../../shared/marketplace-deals";
import { formatUsd } from "../../../shared/money";
import { marketplaceTransactions, type ServiceOrder, workOrders } from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import type { OrderEffects } from "../../payments/on-paid-effects";
import { reverseHeldFunds } from "../ledger/held-funds";
import { saleCreditKey } from "./complete-sale";
import { tellSale } from "./tell-sale";

const DAY_MS = 86_400_000;

/**
 * A paid escrow order: the platform holds the buyer's money, and the seller is told to move the
 * name. A listing with a transfer specialist (Buyer Protection premium and up) opens a work order
 * for staff to move it with the seller. A payment for a sale that is no longer waiting changes
 * nothing here (staff refund it from the console).
 */
export async function applyPaidOrderToSale(tx: Tx, order: ServiceOrder): Promise<void> {
  if (order.offerId !== MARKETPLACE_SALE_OFFER) return;
  const paidAt = order.paidAt ?? new Date();
  const [row] = await tx
    .update(marketplaceTransactions)
    .set({ status: "awaiting_transfer", paidAt })
    .where(
      and(
        eq(marketplaceTransactions.orderId, order.id),
        eq(marketplaceTransactions.status, "awaiting_payment"),
      ),
    )
    .returning();
  if (!row) return;
  const level = row.protection as TProtectionLevel | null;
  if (level && PROTECTION_TERMS[level]?.transferSpecialist) {
    await tx
      .insert(workOrders)
      .values({
        orderId: order.id,
        userId: row.sellerId,
        domainId: row.domainId,
        offerId: MARKETPLACE_SALE_OFFER,
        title: `Transfer specialist: move ${row.domainName} to its buyer`,
        description: `Escrow sale ${row.id} for ${formatUsd(row.amount)}. Help the seller push the name to the buyer's registrar.`,
        dueAt: new Date(paidAt.getTime() + TRANSFER_DAYS * DAY_MS),
      })
      .onConflictDoNothing({ target: workOrders.orderId });
  }
  await tellSale(
    tx,
    row.sellerId,
    `${row.domainName}: payment held`,
    `The buyer's ${formatUsd(row.amount)} is held. Move the domain to the buyer within ${TRANSFER_DAYS} days.`,
    row.id,
  );
  await tellSale(
    tx,
    row.buyerId,
    `${row.domainName}: payment held`,
    "Publish the TXT record once the seller has moved the name to you.",
    row.id,
  );
}

/** A refunded escrow order: the sale is refunded, and a completed sale's credit to the seller taken back. */
export async function applyRefundedOrderToSale(tx: Tx, order: ServiceOrder, reason: string): Promise<void> {
  if (order.offerId !== MARKETPLACE_SALE_OFFER) return;
  const [row] = await tx
    .update(marketplaceTransactions)
    .set({ status: "refunded", closedAt: new Date() })
    .where(eq(marketplaceTransactions.orderId, order.id))
    .returning();
  if (!row) return;
  await reverseHeldFunds(tx, {
    sourceKey: saleCreditKey(row.id),
    reason: `${reason}: sale of ${row.domainName}`,
  });
  await tellSale(
    tx,
    row.buyerId,
    `${row.domainName}: refunded`,
    `Your ${formatUsd(row.amount)} is refunded.`,
    row.id,
  );
  await tellSale(
    tx,
    row.sellerId,
    `${row.domainName}: the sale was refunded`,
    "The buyer was refunded; the listing stays yours.",
    row.id,
  );
}

/** An escrow sale's payment held, or given back (each effect checks the order's offer). */
export const saleOrderEffects: OrderEffects = {
  onPaid: applyPaidOrderToSale,
  onRefunded: applyRefundedOrderToSale,
};
