import { and, eq, inArray, sql } from "drizzle-orm";
import { MARKETPLACE_LEASE_OFFER, TRANSFER_DAYS } from "../../../shared/marketplace-deals";
import {
  type MarketplaceTransaction,
  marketplaceTransactions,
  type ServiceOrder,
} from "../../../shared/schema";
import type { DbOrTx, Tx } from "../../db/tx";
import type { MoneyBack, OrderEffects, PaidContext, PartRefund } from "../../payments/money-effects";
import { applySaleEvent, lockSaleOf } from "./sale-events";
import type { TSaleEvent } from "./sale-machine";

/** The lease an instalment order pays, locked: the first order names it, later ones carry it in `request`. */
function leaseOf(tx: Tx, order: ServiceOrder) {
  if (order.offerId !== MARKETPLACE_LEASE_OFFER) return null;
  const request = order.metadata.request as { transactionId?: unknown } | undefined;
  const id = order.metadata.transactionId ?? request?.transactionId;
  return lockSaleOf(tx, typeof id === "string" ? id : null);
}

/** A paid instalment: the last one of the term pays the lease off, the others keep it running. */
async function instalmentPaid(tx: Tx, order: ServiceOrder, context: PaidContext) {
  const row = await leaseOf(tx, order);
  if (!row?.leaseMonths || row.kind !== "lease") return;
  const event: TSaleEvent =
    row.instalmentsPaid + 1 >= row.leaseMonths ? "last_instalment_paid" : "instalment_paid";
  await applySaleEvent(tx, row, event, { now: new Date(), order, holdDays: context.commissionHoldDays });
}

/** A lease is settled once completed and its proceeds' hold has ended: money taken back then leaves the name with the buyer. */
const isSettled = (row: MarketplaceTransaction, now: Date) =>
  row.status === "completed" && row.settlesAt !== null && row.settlesAt <= now;

/**
 * An instalment's money taken back (refunded in whole or charged back): while the lease runs it
 * ends (control back to the seller, who keeps what was paid and not taken back); after the
 * transfer the name goes back to the seller unless the lease is settled. What the instalment
 * credited the seller is taken back in the ledger in every case.
 */
async function instalmentTakenBack(tx: Tx, order: ServiceOrder, back: MoneyBack) {
  const row = await leaseOf(tx, order);
  const now = new Date();
  if (!row || isSettled(row, now)) return;
  await applySaleEvent(tx, row, back.reason === "chargeback" ? "charged_back" : "refunded", {
    now,
    order,
    why: back.note,
  });
}

/**
 * A lease's instalments, every event declared: each paid one moves the lease on and credits the
 * seller; a part refunded keeps the lease (the ledger takes back the credit's share); money taken
 * back in whole ends it or takes the name back (above); a chargeback decided for us goes to staff.
 */
export const leaseOrderEffects: OrderEffects = {
  paid: instalmentPaid,
  refunded: instalmentTakenBack,
  partlyRefunded: async (tx, order, part: PartRefund) => {
    const row = await leaseOf(tx, order);
    if (row) await applySaleEvent(tx, row, "partly_refunded", { now: new Date(), order, part });
  },
  chargedBack: instalmentTakenBack,
  chargebackWon: async (tx, order) => {
    const row = await leaseOf(tx, order);
    if (row)
      await applySaleEvent(tx, row, "chargeback_won", {
        now: new Date(),
        order,
        why: "A chargeback of an instalment was decided for us: release the lease to the lessee, or refund.",
      });
  },
};

/**
 * Leases whose instalment is unpaid `graceDays` after it fell due end (the seller keeps the name
 * and what was paid). Answers how many ended.
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
  let ended = 0;
  for (const row of rows) {
    const why = `An instalment went unpaid ${options.graceDays} days past its due date, so the lease ended after ${row.instalmentsPaid} of ${row.leaseMonths} instalments.`;
    if (await applySaleEvent(tx, row, "lease_defaulted", { now: options.now, why })) ended += 1;
  }
  return ended;
}

/** Leases paid off whose transfer the buyer has not proven in time go to staff, not to an automatic refund. */
export async function disputeLateLeaseTransfers(tx: Tx, options: { now: Date }): Promise<number> {
  const cutoff = new Date(options.now.getTime() - TRANSFER_DAYS * 86_400_000);
  const rows = await tx
    .select()
    .from(marketplaceTransactions)
    .where(
      and(
        eq(marketplaceTransactions.kind, "lease"),
        inArray(marketplaceTransactions.status, ["awaiting_transfer"]),
        sql`${marketplaceTransactions.paidAt} <= ${cutoff}`,
      ),
    )
    .for("update");
  let late = 0;
  for (const row of rows) {
    const why = `The leased domain was not transferred within ${TRANSFER_DAYS} days of the last instalment`;
    if (await applySaleEvent(tx, row, "transfer_late", { now: options.now, why })) late += 1;
  }
  return late;
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
