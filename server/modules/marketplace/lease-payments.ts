import { and, eq, inArray, sql } from "drizzle-orm";
import { MARKETPLACE_LEASE_OFFER, TRANSFER_DAYS } from "../../../shared/marketplace-deals";
import { formatUsd } from "../../../shared/money";
import {
  type MarketplaceTransaction,
  marketplaceTransactions,
  type ServiceOrder,
  subscriptions,
} from "../../../shared/schema";
import { billingNow } from "../../db/billing-clock";
import type { DbOrTx, Tx } from "../../db/tx";
import type { OrderEffects, PaidContext } from "../../payments/on-paid-effects";
import { endSubscription, lockSubscription, updateSubscription } from "../billing/subscription-lifecycle";
import { reverseHeldFunds } from "../ledger/held-funds";
import { creditSeller, sellerProceeds } from "./credit-seller";
import { tellSale } from "./tell-sale";

/** The ledger key of one instalment's proceeds: one credit per instalment order. */
export const instalmentCreditKey = (orderId: string) => `lease-instalment:${orderId}`;

/** The lease an instalment order pays: the first order names it, later ones carry it in `request`. */
function leaseIdOf(order: ServiceOrder): string | null {
  const request = order.metadata.request as { transactionId?: unknown } | undefined;
  const id = order.metadata.transactionId ?? request?.transactionId;
  return typeof id === "string" ? id : null;
}

async function lockLease(tx: Tx, id: string): Promise<MarketplaceTransaction | null> {
  const [row] = await tx
    .select()
    .from(marketplaceTransactions)
    .where(and(eq(marketplaceTransactions.id, id), eq(marketplaceTransactions.kind, "lease")))
    .for("update");
  return row ?? null;
}

/**
 * A paid instalment (runs after billing started or moved on the subscription): the first one
 * starts the lease and hands the lessee control of what the domain serves; each one credits the
 * seller the instalment less commission when it was real money (sandbox instalments credit
 * nobody); the one before the last sets the subscription to the last instalment's amount; the last
 * one ends the subscription and opens the transfer, as an escrow sale's payment does. A payment
 * for a lease that is no longer running changes nothing here (staff refund it from the console).
 */
export async function applyPaidOrderToLease(
  tx: Tx,
  order: ServiceOrder,
  context: PaidContext,
): Promise<void> {
  if (order.offerId !== MARKETPLACE_LEASE_OFFER) return;
  const id = leaseIdOf(order);
  const row = id ? await lockLease(tx, id) : null;
  if (!row?.leaseMonths || !row.leaseLast || !["awaiting_payment", "leasing"].includes(row.status)) return;
  const now = await billingNow(tx);
  const [sub] = row.subscriptionId
    ? await tx.select().from(subscriptions).where(eq(subscriptions.id, row.subscriptionId))
    : await tx.select().from(subscriptions).where(eq(subscriptions.firstOrderId, order.id));
  const paid = row.instalmentsPaid + 1;
  const done = paid >= row.leaseMonths;
  const [updated] = await tx
    .update(marketplaceTransactions)
    .set({
      instalmentsPaid: paid,
      subscriptionId: sub?.id ?? null,
      status: done ? "awaiting_transfer" : "leasing",
      paidAt: order.paidAt ?? now,
      nextInstalmentAt: done ? null : (sub?.currentPeriodEnd ?? null),
    })
    .where(eq(marketplaceTransactions.id, row.id))
    .returning();

  const proceeds = sellerProceeds(row, order.price);
  if (order.provider && order.provider !== "sandbox") {
    await creditSeller(tx, row, {
      amount: order.price,
      proceeds,
      what: `Lease of ${row.domainName}, instalment ${paid} of ${row.leaseMonths}`,
      holdDays: context.commissionHoldDays,
      sourceKey: instalmentCreditKey(order.id),
      orderId: order.id,
      metadata: { domainName: row.domainName, transactionId: row.id, instalment: paid },
    });
  }
  if (sub) {
    const locked = await lockSubscription(tx, sub.id);
    if (locked && done) await endSubscription(tx, locked, now);
    else if (locked && paid === row.leaseMonths - 1)
      await updateSubscription(tx, locked, { amount: row.leaseLast }, now);
  }
  const what = `Instalment ${paid} of ${row.leaseMonths} (${formatUsd(order.price)})`;
  await tellSale(
    tx,
    row.sellerId,
    `${row.domainName}: ${done ? "the lease is paid off" : "instalment paid"}`,
    done
      ? `${what} was the last. Move the domain to the buyer within ${TRANSFER_DAYS} days.`
      : `${what} was paid; ${order.provider === "sandbox" ? "a test payment credits nobody" : `you are credited ${formatUsd(proceeds)}`}.`,
    row.id,
  );
  await tellSale(
    tx,
    row.buyerId,
    `${row.domainName}: ${done ? "the lease is paid off" : "instalment paid"}`,
    done
      ? "Publish the TXT record once the seller has moved the name to you."
      : `${what} was paid. You control what the domain serves while the lease runs.`,
    updated.id,
  );
}

/**
 * A refunded instalment takes back what it credited the seller. Staff refunding a disputed lease
 * refund every instalment: the lease reads refunded from the first one.
 */
export async function applyRefundedOrderToLease(tx: Tx, order: ServiceOrder, reason: string): Promise<void> {
  if (order.offerId !== MARKETPLACE_LEASE_OFFER) return;
  const id = leaseIdOf(order);
  if (id)
    await tx
      .update(marketplaceTransactions)
      .set({ status: "refunded", closedAt: new Date() })
      .where(and(eq(marketplaceTransactions.id, id), eq(marketplaceTransactions.status, "disputed")));
  await reverseHeldFunds(tx, {
    sourceKey: instalmentCreditKey(order.id),
    reason: `${reason}: lease instalment of ${String(order.metadata.domainName ?? "a domain")}`,
  });
}

/** A lease's instalments in the order effects: the lease moved on, the seller credited, or both taken back. */
export const leaseOrderEffects: OrderEffects = {
  onPaid: applyPaidOrderToLease,
  onRefunded: applyRefundedOrderToLease,
};

/**
 * An instalment unpaid `graceDays` after it fell due ends the lease: control of the domain goes
 * back to the seller, who keeps every instalment paid; the subscription ends and its open
 * renewal can no longer be paid. Answers how many leases ended.
 */
export async function endDefaultedLeases(tx: Tx, options: { now: Date; graceDays: number }): Promise<number> {
  const cutoff = new Date(options.now.getTime() - options.graceDays * 86_400_000);
  const rows = await tx
    .select()
    .from(marketplaceTransactions)
    .where(
      and(
        eq(marketplaceTransactions.kind, "lease"),
        eq(marketplaceTransactions.status, "leasing"),
        sql`${marketplaceTransactions.nextInstalmentAt} <= ${cutoff}`,
      ),
    )
    .for("update");
  for (const row of rows) {
    await tx
      .update(marketplaceTransactions)
      .set({ status: "lease_ended", closedAt: options.now, leaseRedirectUrl: null })
      .where(eq(marketplaceTransactions.id, row.id));
    if (row.subscriptionId) {
      const sub = await lockSubscription(tx, row.subscriptionId);
      if (sub && !["canceled"].includes(sub.status)) await endSubscription(tx, sub, options.now);
      await tx.execute(sql`
        update service_orders set status = 'cancelled'
        where status = 'pending' and metadata ->> 'subscriptionId' = ${row.subscriptionId}
      `);
    }
    const text = `An instalment went unpaid ${options.graceDays} days past its due date, so the lease ended after ${row.instalmentsPaid} of ${row.leaseMonths} instalments.`;
    await tellSale(
      tx,
      row.buyerId,
      `${row.domainName}: the lease ended`,
      `${text} Control of the domain went back to the seller.`,
      row.id,
    );
    await tellSale(
      tx,
      row.sellerId,
      `${row.domainName}: the lease ended`,
      `${text} The domain is yours to serve again, and you keep what was paid.`,
      row.id,
    );
  }
  return rows.length;
}

/** Leases paid off whose transfer the buyer has not proven in time go to staff, not to an automatic refund. */
export async function disputeLateLeaseTransfers(tx: Tx, options: { now: Date }): Promise<number> {
  const cutoff = new Date(options.now.getTime() - TRANSFER_DAYS * 86_400_000);
  const rows = await tx
    .update(marketplaceTransactions)
    .set({
      status: "disputed",
      disputedAt: options.now,
      disputeReason: `The leased domain was not transferred within ${TRANSFER_DAYS} days of the last instalment`,
    })
    .where(
      and(
        eq(marketplaceTransactions.kind, "lease"),
        inArray(marketplaceTransactions.status, ["awaiting_transfer"]),
        sql`${marketplaceTransactions.paidAt} <= ${cutoff}`,
      ),
    )
    .returning();
  for (const row of rows)
    for (const userId of [row.buyerId, row.sellerId])
      await tellSale(
        tx,
        userId,
        `${row.domainName}: the transfer is late`,
        "Our staff will look at it and decide.",
        row.id,
      );
  return rows.length;
}

/** Every paid instalment order of a lease, oldest first: what refunding the whole lease refunds. */
export async function paidInstalmentOrders(db: DbOrTx, lease: MarketplaceTransaction): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from service_orders
    where status = 'paid' and offer_id = ${MARKETPLACE_LEASE_OFFER}
      and (id = ${lease.orderId} or metadata ->> 'subscriptionId' = ${lease.subscriptionId ?? ""})
    order by paid_at
  `);
  return rows.map((r) => r.id);
}
