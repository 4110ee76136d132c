import { and, eq } from "drizzle-orm";
import { centsToDecimal, formatUsd, toCents } from "../../../shared/money";
import {
  accountEvents,
  domains,
  type MarketplaceTransaction,
  marketplaceTransactions,
  serviceOrders,
} from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import { creditSeller, sellerProceeds } from "./credit-seller";
import type { SaleConfig } from "./sale-terms";
import { tellSale } from "./tell-sale";

/** The ledger key of a sale's proceeds: one credit per sale, however often completion runs. */
export const saleCreditKey = (transactionId: string) => `escrow-sale:${transactionId}`;

/**
 * What completion does (the buyer accepted, inspection ended, or staff released it; the machine
 * has moved the sale to `completed`): the domain joins the buyer's portfolio verified, with the
 * token the buyer proved it by (so its daily check goes on passing); the seller's copy is sold
 * and no longer verified; the seller is credited the price, less what was refunded in part, less
 * commission, as held funds pending for the refund window, when the buyer paid real money
 * (docs/money.md#the-sandbox: a sandbox payment moves the name but credits nobody).
 */
export async function completeSale(
  tx: Tx,
  row: MarketplaceTransaction,
  config: SaleConfig,
): Promise<MarketplaceTransaction> {
  const now = new Date();
  if (row.domainId) {
    await tx
      .update(domains)
      .set({ soldAt: now, soldPrice: row.amount, marketplacePrice: null, listedAt: null, verifiedAt: null })
      .where(and(eq(domains.id, row.domainId), eq(domains.userId, row.sellerId)));
  }
  const proven = { verifiedAt: now, verifiedBy: "txt", status: "active", verificationToken: row.buyerToken };
  const [existing] = await tx
    .select({ id: domains.id })
    .from(domains)
    .where(and(eq(domains.userId, row.buyerId), eq(domains.name, row.domainName)))
    .for("update");
  const [buyerDomain] = existing
    ? await tx
        .update(domains)
        .set({
          ...proven,
          soldAt: null,
          soldPrice: null,
          marketplacePrice: null,
          listedAt: null,
          purchasePrice: row.amount,
        })
        .where(eq(domains.id, existing.id))
        .returning({ id: domains.id })
    : await tx
        .insert(domains)
        .values({ userId: row.buyerId, name: row.domainName, purchasePrice: row.amount, ...proven })
        .returning({ id: domains.id });

  const [order] = row.orderId
    ? await tx
        .select({ provider: serviceOrders.provider })
        .from(serviceOrders)
        .where(eq(serviceOrders.id, row.orderId))
    : [];
  const kept = centsToDecimal(Math.max(0, toCents(row.amount) - toCents(row.refundedAmount)));
  const proceeds = sellerProceeds(row, kept);
  const realMoney = Boolean(order?.provider && order.provider !== "sandbox");
  // A lease credited the seller with each instalment as it was paid.
  if (row.kind !== "lease" && realMoney && toCents(proceeds) > 0) {
    await creditSeller(tx, row, {
      amount: kept,
      proceeds,
      what: `Sold ${row.domainName} through escrow`,
      holdDays: config.holdDays,
      sourceKey: saleCreditKey(row.id),
      orderId: row.orderId,
      metadata: { domainName: row.domainName, price: row.amount, transactionId: row.id },
    });
  }
  const [done] = await tx
    .update(marketplaceTransactions)
    .set({
      closedAt: now,
      buyerDomainId: buyerDomain.id,
      settlesAt: new Date(now.getTime() + config.holdDays * 86_400_000),
    })
    .where(eq(marketplaceTransactions.id, row.id))
    .returning();
  await tx.insert(accountEvents).values([
    {
      userId: row.sellerId,
      kind: "domain_sold",
      description: `Sold ${row.domainName} for ${formatUsd(row.amount)} through escrow`,
    },
    {
      userId: row.buyerId,
      kind: "domain_added",
      description: `Bought ${row.domainName} for ${formatUsd(row.amount)}`,
    },
  ]);
  await tellSale(
    tx,
    row.sellerId,
    `${row.domainName} sold`,
    row.kind === "lease"
      ? "The lease-to-own is complete: every instalment was credited to you as it was paid."
      : realMoney
        ? `You are credited ${formatUsd(proceeds)} (the price${toCents(row.refundedAmount) > 0 ? ", less what was refunded," : ""} less commission), held for the refund window.`
        : `This was a test payment: nothing is credited (a real sale would credit ${formatUsd(proceeds)}).`,
    row.id,
  );
  await tellSale(
    tx,
    row.buyerId,
    `${row.domainName} is yours`,
    "The domain is in your portfolio, verified.",
    row.id,
  );
  return done;
}

/**
 * Unwinds a completed sale's move of the name (its order was refunded): the buyer's copy is no
 * longer verified (pending: the buyer cannot prove it while the seller holds it); the seller's copy is theirs again, verified, not sold and
 * not listed (the seller lists it again if they wish).
 */
export async function returnDomainToSeller(tx: Tx, row: MarketplaceTransaction): Promise<void> {
  const now = new Date();
  if (row.buyerDomainId)
    await tx
      .update(domains)
      .set({ verifiedAt: null, verifiedBy: null, status: "pending", marketplacePrice: null, listedAt: null })
      .where(and(eq(domains.id, row.buyerDomainId), eq(domains.userId, row.buyerId)));
  if (row.domainId)
    await tx
      .update(domains)
      .set({ soldAt: null, soldPrice: null, verifiedAt: now, marketplacePrice: null, listedAt: null })
      .where(and(eq(domains.id, row.domainId), eq(domains.userId, row.sellerId)));
  await tx.insert(accountEvents).values([
    { userId: row.sellerId, kind: "domain_added", description: `${row.domainName} returned after a refund` },
    {
      userId: row.buyerId,
      kind: "domain_removed",
      description: `${row.domainName} returned to its seller after a refund`,
    },
  ]);
}
