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
import { returnDomainToSeller, saleCreditKey } from "./complete-sale";
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

/**
 * A refunded escrow order: the sale is refunded, and a completed sale is unwound as a whole, so
 * money and name never both stay with the buyer: the seller's credit is taken back and the name
 * returns to the seller (docs/marketplace.md#refunds-after-completion).
 */
export async function applyRefundedOrderToSale(tx: Tx, order: ServiceOrder, reason: string): Promise<void> {
  if (order.offerId !== MARKETPLACE_SALE_OFFER) return;
  const [before] = await tx
    .select()
    .from(marketplaceTransactions)
    .where(eq(marketplaceTransactions.orderId, order.id))
    .for("update");
  if (!before || before.status === "refunded") return;
  const [row] = await tx
    .update(marketplaceTransactions)
    .set({ status: "refunded", closedAt: new Date() })
    .where(eq(marketplaceTransactions.id, before.id))
    .returning();
  await reverseHeldFunds(tx, {
    sourceKey: saleCreditKey(row.id),
    reason: `${reason}: sale of ${row.domainName}`,
  });
  if (before.status === "completed") await returnDomainToSeller(tx, row);
  await tellSale(
    tx,
    row.buyerId,
    `${row.domainName}: refunded`,
    before.status === "completed"
      ? `Your ${formatUsd(row.amount)} is refunded, and the domain goes back to the seller.`
      : `Your ${formatUsd(row.amount)} is refunded.`,
    row.id,
  );
  await tellSale(
    tx,
    row.sellerId,
    `${row.domainName}: the sale was refunded`,
    before.status === "completed"
      ? "The buyer was refunded and your proceeds taken back; the domain is in your portfolio again, unlisted."
      : "The buyer was refunded; the listing stays yours.",
    row.id,
  );
}

/** An escrow sale's payment held, or given back (each effect checks the order's offer). */
export const saleOrderEffects: OrderEffects = {
  onPaid: applyPaidOrderToSale,
  onRefunded: applyRefundedOrderToSale,
};
