import { eq } from "drizzle-orm";
import { TRANSFER_DAYS } from "../../../shared/marketplace-deals";
import { formatUsd } from "../../../shared/money";
import {
  type MarketplaceTransaction,
  marketplaceTransactions,
  type ServiceOrder,
  subscriptions,
} from "../../../shared/schema";
import { billingNow } from "../../db/billing-clock";
import type { Tx } from "../../db/tx";
import { endSubscription, lockSubscription, updateSubscription } from "../billing/subscription-lifecycle";
import { creditSeller, sellerProceeds } from "./credit-seller";
import { tellSale } from "./tell-sale";

/** The ledger key of one instalment's proceeds: one credit per instalment order. */
export const instalmentCreditKey = (orderId: string) => `lease-instalment:${orderId}`;

/**
 * An instalment paid (the machine moved the lease to `leasing`, or to `awaiting_transfer` for the
 * last): the lease counts it and links its subscription; the seller is credited the instalment
 * less commission when it was real money (sandbox instalments credit nobody); the one before the
 * last sets the subscription to the last instalment's amount; the last ends the subscription and
 * opens the transfer, as an escrow sale's payment does.
 */
export async function creditInstalment(
  tx: Tx,
  row: MarketplaceTransaction,
  instalment: { order?: ServiceOrder; holdDays: number },
): Promise<MarketplaceTransaction> {
  const order = instalment.order;
  if (!order || !row.leaseMonths || !row.leaseLast) return row;
  const now = await billingNow(tx);
  const [sub] = row.subscriptionId
    ? await tx.select().from(subscriptions).where(eq(subscriptions.id, row.subscriptionId))
    : await tx.select().from(subscriptions).where(eq(subscriptions.firstOrderId, order.id));
  const paid = row.instalmentsPaid + 1;
  const done = row.status === "awaiting_transfer";
  const [updated] = await tx
    .update(marketplaceTransactions)
    .set({
      instalmentsPaid: paid,
      subscriptionId: sub?.id ?? null,
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
      holdDays: instalment.holdDays,
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
      : `${what} was paid; ${order.provider === "sandbox" ? "a test payment credits nobody" : `you are credited ${formatUsd(proceeds)}, held for the refund window`}.`,
    row.id,
  );
  await tellSale(
    tx,
    row.buyerId,
    `${row.domainName}: ${done ? "the lease is paid off" : "instalment paid"}`,
    done
      ? "Publish the TXT record once the seller has moved the name to you."
      : `${what} was paid. You control what the domain serves while the lease runs.`,
    row.id,
  );
  return updated;
}
