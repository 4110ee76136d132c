import { and, eq, inArray, sql } from "drizzle-orm";
import {
  MARKETPLACE_SALE_OFFER,
  PROTECTION_TERMS,
  type TProtectionLevel,
  TRANSFER_DAYS,
} from "../../../shared/marketplace-deals";
import { centsToDecimal, formatUsd, toCents } from "../../../shared/money";
import {
  type MarketplaceTransaction,
  marketplaceTransactions,
  type ServiceOrder,
  serviceOrders,
  workOrderNotes,
  workOrders,
} from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import { endSubscription, lockSubscription } from "../billing/subscription-lifecycle";
import { closeWorkOnDomain } from "../work-orders/work-order-effects";
import { completeSale, returnDomainToSeller } from "./complete-sale";
import { creditInstalment } from "./lease-instalments";
import { lapseOffer } from "./offers.service";
import { type TSaleEvent, transition } from "./sale-machine";
import type { SaleConfig } from "./sale-terms";
import { tellSale } from "./tell-sale";

const DAY_MS = 86_400_000;
const addDays = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

/** What an event brings with it: the time, the sale terms, and what moved it (an order, a part refunded, a reason). */
export interface SaleEventContext {
  now: Date;
  /** The platform's sale terms: what completion needs (a side's or staff's event, or the clock's). */
  config?: SaleConfig;
  /** The order whose payment moved the sale: the escrow payment, an instalment, a refunded one. */
  order?: ServiceOrder;
  /** A part of the buyer's payment refunded. */
  part?: { amount: string };
  /** Why, in words for both sides and staff: a dispute's reason, a timeout, a chargeback. */
  why?: string;
  /** Days a seller's proceeds stay pending (the refund window): a lease's instalments. */
  holdDays?: number;
}

type Row = MarketplaceTransaction;
type Fields = Partial<typeof marketplaceTransactions.$inferInsert>;

const closes = (ctx: SaleEventContext): Fields => ({ closedAt: ctx.now, leaseRedirectUrl: null });

/** What each event writes on the sale beside its new status. */
function fieldsOf(event: TSaleEvent, row: Row, ctx: SaleEventContext): Fields {
  switch (event) {
    case "paid":
      return { paidAt: ctx.order?.paidAt ?? ctx.now, testMoney: ctx.order?.provider === "sandbox" };
    case "instalment_paid":
    case "last_instalment_paid":
      return ctx.order?.provider === "sandbox" ? { testMoney: true } : {};
    case "transfer_proven":
      return { transferredAt: ctx.now, inspectionEndsAt: addDays(ctx.now, row.inspectionDays) };
    case "disputed":
    case "transfer_late":
    case "chargeback_won":
      return { disputedAt: ctx.now, disputeReason: ctx.why ?? null };
    case "partly_refunded":
      return {
        refundedAmount: centsToDecimal(toCents(row.refundedAmount) + toCents(ctx.part?.amount ?? "0")),
      };
    case "accepted":
    case "inspection_ended":
    case "released":
    case "refunded":
    case "charged_back":
    case "cancelled":
    case "payment_timed_out":
    case "lease_defaulted":
      return closes(ctx);
    default:
      return {};
  }
}

/** Tells both sides the same thing. */
async function tellBoth(tx: Tx, row: Row, title: string, body: string) {
  for (const userId of [row.buyerId, row.sellerId]) await tellSale(tx, userId, title, body, row.id);
}

/** A paid escrow order: the platform holds the money; a transfer specialist helps when the protection level offers one. */
async function escrowPaid(tx: Tx, row: Row, ctx: SaleEventContext) {
  const paidAt = row.paidAt ?? ctx.now;
  const level = row.protection as TProtectionLevel | null;
  if (level && PROTECTION_TERMS[level]?.transferSpecialist && row.orderId) {
    await tx
      .insert(workOrders)
      .values({
        orderId: row.orderId,
        userId: row.sellerId,
        domainId: row.domainId,
        offerId: MARKETPLACE_SALE_OFFER,
        title: `Transfer specialist: move ${row.domainName} to its buyer`,
        description: `Escrow sale ${row.id} for ${formatUsd(row.amount)}. Help the seller push the name to the buyer's registrar.`,
        dueAt: addDays(paidAt, TRANSFER_DAYS),
      })
      .onConflictDoNothing({ target: workOrders.orderId });
  }
  await tellSale(
    tx,
    row.sellerId,
    `${row.domainName}: payment held`,
    row.testMoney
      ? `The buyer paid ${formatUsd(row.amount)} of test money in the sandbox: nothing real is held, and completing this sale credits you nothing. Move the domain to the buyer within ${TRANSFER_DAYS} days to try the transfer.`
      : `The buyer's ${formatUsd(row.amount)} is held. Move the domain to the buyer within ${TRANSFER_DAYS} days.`,
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

/** A lease's control of the name goes back to the seller: its subscription ends and an open instalment can no longer be paid. */
async function endLeaseBilling(tx: Tx, row: Row, now: Date) {
  if (!row.subscriptionId) return;
  const sub = await lockSubscription(tx, row.subscriptionId);
  if (sub && sub.status !== "canceled") await endSubscription(tx, sub, now);
  await tx.execute(sql`
    update service_orders set status = 'cancelled'
    where status = 'pending' and metadata ->> 'subscriptionId' = ${row.subscriptionId}
  `);
}

/** An unpaid sale ends: its order can no longer be paid and the accepted offer it paid lapses. */
async function unpaidEnds(tx: Tx, row: Row, ctx: SaleEventContext) {
  if (row.orderId)
    await tx
      .update(serviceOrders)
      .set({ status: "cancelled" })
      .where(and(eq(serviceOrders.id, row.orderId), eq(serviceOrders.status, "pending")));
  if (row.offerId) await lapseOffer(tx, row.offerId);
  await tellBoth(
    tx,
    row,
    `${row.domainName}: sale cancelled`,
    ctx.why ?? "The sale was cancelled before it was paid.",
  );
}

/** Money taken back in whole: what moved goes back (a completed sale's name to the seller), and both sides hear it. */
async function moneyTakenBack(tx: Tx, before: Row, after: Row, event: TSaleEvent, ctx: SaleEventContext) {
  const chargeback = event === "charged_back";
  const what = chargeback ? "charged back by the buyer's bank" : "refunded";
  if (before.status === "completed") await returnDomainToSeller(tx, after);
  if (before.status === "leasing") {
    await endLeaseBilling(tx, before, ctx.now);
    await tellBoth(
      tx,
      after,
      `${after.domainName}: the lease ended`,
      `An instalment was ${what}, so the lease ended after ${after.instalmentsPaid} of ${after.leaseMonths} instalments. Control of the domain went back to the seller, who keeps what was paid and not taken back.`,
    );
    return;
  }
  await tellSale(
    tx,
    after.buyerId,
    `${after.domainName}: ${chargeback ? "charged back" : "refunded"}`,
    before.status === "completed"
      ? `Your payment was ${what}, so the domain goes back to the seller.`
      : `Your payment was ${what}.`,
    after.id,
  );
  await tellSale(
    tx,
    after.sellerId,
    `${after.domainName}: the buyer's payment was ${what}`,
    before.status === "completed"
      ? "Your proceeds were taken back; the domain is in your portfolio again, unlisted."
      : "Nothing is owed to you for this sale; the listing stays yours.",
    after.id,
  );
  if (chargeback)
    await tellSale(
      tx,
      after.sellerId,
      `${after.domainName}: a chargeback can still be decided for us`,
      "If the bank decides for us, the sale goes to our staff to release or refund.",
      after.id,
    );
}

/** The transfer specialist's work order of a sale that will not transfer: cancelled with a note. */
async function closeSaleWork(tx: Tx, row: Row, why: string) {
  if (!row.orderId) return;
  const closed = await tx
    .update(workOrders)
    .set({ status: "cancelled", updatedAt: new Date() })
    .where(and(eq(workOrders.orderId, row.orderId), inArray(workOrders.status, ["queued", "in_progress"])))
    .returning({ id: workOrders.id });
  if (closed.length > 0)
    await tx
      .insert(workOrderNotes)
      .values(closed.map((w) => ({ workOrderId: w.id, body: `Cancelled: ${why}.` })));
}

/** What each event does beyond its new status, in the sale's transaction. */
async function act(tx: Tx, before: Row, after: Row, event: TSaleEvent, ctx: SaleEventContext): Promise<Row> {
  switch (event) {
    case "paid":
      await escrowPaid(tx, after, ctx);
      return after;
    case "instalment_paid":
    case "last_instalment_paid":
      return creditInstalment(tx, after, {
        order: ctx.order,
        holdDays: ctx.holdDays ?? ctx.config?.holdDays ?? 0,
      });
    case "transfer_proven":
      await tellSale(
        tx,
        after.sellerId,
        `${after.domainName} reached the buyer`,
        after.testMoney
          ? `The buyer proved control. Inspection lasts up to ${after.inspectionDays} days; this sale was paid with test money, so nothing is credited when it ends.`
          : `The buyer proved control. Inspection lasts up to ${after.inspectionDays} days, then you are paid.`,
        after.id,
      );
      return after;
    case "accepted":
    case "inspection_ended":
    case "released": {
      if (!ctx.config) throw new Error(`Completing sale ${after.id} needs the sale terms`);
      const done = await completeSale(tx, after, ctx.config);
      if (after.domainId)
        await closeWorkOnDomain(tx, after.domainId, `Closed: ${after.domainName} was sold through escrow.`);
      return done;
    }
    case "disputed":
    case "transfer_late":
    case "chargeback_won":
      await tellBoth(
        tx,
        after,
        `${after.domainName}: the sale is disputed`,
        "Our staff will look at it and decide.",
      );
      return after;
    case "partly_refunded":
      await tellBoth(
        tx,
        after,
        `${after.domainName}: part of the payment refunded`,
        `${formatUsd(ctx.part?.amount ?? "0")} of the buyer's payment was refunded; the sale goes on, and the seller's proceeds shrink by its share.`,
      );
      return after;
    case "refunded":
    case "charged_back":
      await moneyTakenBack(tx, before, after, event, ctx);
      await closeSaleWork(tx, after, "the sale's payment was taken back");
      return after;
    case "cancelled":
    case "payment_timed_out":
      await unpaidEnds(tx, after, ctx);
      return after;
    case "lease_defaulted": {
      await endLeaseBilling(tx, after, ctx.now);
      const text = ctx.why ?? "An instalment went unpaid past its grace, so the lease ended.";
      await tellSale(
        tx,
        after.buyerId,
        `${after.domainName}: the lease ended`,
        `${text} Control of the domain went back to the seller.`,
        after.id,
      );
      await tellSale(
        tx,
        after.sellerId,
        `${after.domainName}: the lease ended`,
        `${text} The domain is yours to serve again, and you keep what was paid.`,
        after.id,
      );
      return after;
    }
  }
}

/**
 * The one way a sale or lease moves (docs/marketplace.md#the-two-state-machines): the machine of
 * its kind says where `event` takes it from its status; the status moves (only from the status
 * read, so two events at once cannot both move it), and the event's actions run in the caller's
 * transaction. Null when the event means nothing in the sale's status.
 */
export async function applySaleEvent(
  tx: Tx,
  row: Row,
  event: TSaleEvent,
  ctx: SaleEventContext,
): Promise<Row | null> {
  const to = transition(row.kind, row.status, event);
  if (!to) return null;
  const [moved] = await tx
    .update(marketplaceTransactions)
    .set({ status: to, ...fieldsOf(event, row, ctx) })
    .where(and(eq(marketplaceTransactions.id, row.id), eq(marketplaceTransactions.status, row.status)))
    .returning();
  if (!moved) return null;
  return act(tx, row, moved, event, ctx);
}

/** As `applySaleEvent`, for a side's or staff's request: an event the status does not allow is refused with `refusal`. */
export async function requireSaleEvent(
  tx: Tx,
  row: Row,
  event: TSaleEvent,
  ctx: SaleEventContext,
  refusal: string,
): Promise<Row> {
  const moved = await applySaleEvent(tx, row, event, ctx);
  if (!moved) throw new AppError("CONFLICT", refusal);
  return moved;
}

/** The sale an order pays (its escrow payment or one of its lease's instalments), locked; null when none. */
export async function lockSaleOf(tx: Tx, transactionId: string | null): Promise<Row | null> {
  if (!transactionId) return null;
  const [row] = await tx
    .select()
    .from(marketplaceTransactions)
    .where(eq(marketplaceTransactions.id, transactionId))
    .for("update");
  return row ?? null;
}
