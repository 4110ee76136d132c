import { and, eq, inArray } from "drizzle-orm";
import { formatUsd } from "../../../shared/money";
import { SALE_TIMELINES } from "../../../shared/prices";
import { type ServiceOrder, workOrderNotes, workOrders } from "../../../shared/schema";
import type { DbOrTx, Tx } from "../../db/tx";
import { type MoneyBack, noEffect, type OrderEffects } from "../../payments/money-effects";
import { workOrderDueAt } from "./work-order-due";

/** What the buyer told the team when ordering (a broker's terms, a custom report's brief), for the staff who take it on. */
function brief(order: ServiceOrder): string {
  const request = (order.metadata.request ?? {}) as Record<string, unknown>;
  if (order.offerId === "customReports")
    return typeof request.brief === "string" && request.brief !== ""
      ? `The buyer's brief:\n${request.brief}`
      : "";
  if (order.offerId !== "broker") return "";
  const lines: string[] = [];
  if (typeof request.expectedPrice === "string" && request.expectedPrice !== "")
    lines.push(`Expected price: ${formatUsd(request.expectedPrice)}`);
  const timeline = SALE_TIMELINES.find((t) => t.id === request.timeline);
  if (timeline) lines.push(`Sale timeline: ${timeline.label}`);
  if (typeof request.notes === "string" && request.notes !== "") lines.push(`Notes: ${request.notes}`);
  return lines.join("\n");
}

/**
 * A paid order of a service people deliver joins the console's queue (docs/money.md#what-each-purchase-delivers), in the
 * fulfilment transaction; a second run for the same order changes nothing.
 */
export async function queueWorkOrder(tx: Tx, order: ServiceOrder): Promise<void> {
  const dueAt = workOrderDueAt(order, order.paidAt ?? new Date());
  if (!dueAt) return;
  await openWorkOrder(tx, order, { title: order.description, description: brief(order), dueAt });
}

/** Opens the one work order of a paid order for staff, with what to do and by when; once per order. */
async function openWorkOrder(
  tx: Tx,
  order: ServiceOrder,
  task: { title: string; description: string; dueAt: Date },
): Promise<void> {
  await tx
    .insert(workOrders)
    .values({
      orderId: order.id,
      userId: order.userId,
      domainId: order.domainId,
      offerId: order.offerId,
      ...task,
    })
    .onConflictDoNothing({ target: workOrders.orderId });
}

/** A refunded or charged-back order's open work order is cancelled with a note; a delivered one stays delivered. */
export async function cancelRefundedWorkOrder(tx: Tx, order: ServiceOrder, back: MoneyBack): Promise<void> {
  const closed = await tx
    .update(workOrders)
    .set({ status: "cancelled", updatedAt: new Date() })
    .where(and(eq(workOrders.orderId, order.id), inArray(workOrders.status, ["queued", "in_progress"])))
    .returning({ id: workOrders.id });
  const note =
    back.reason === "chargeback"
      ? "Cancelled: the payment was charged back."
      : "Cancelled: the order was refunded.";
  if (closed.length > 0)
    await tx.insert(workOrderNotes).values(closed.map((w) => ({ workOrderId: w.id, body: note })));
}

/** A chargeback decided for us: the work order it cancelled is back in the queue. */
export async function reopenWorkOrder(tx: Tx, order: ServiceOrder): Promise<void> {
  await tx
    .update(workOrders)
    .set({ status: "queued", updatedAt: new Date() })
    .where(and(eq(workOrders.orderId, order.id), eq(workOrders.status, "cancelled")));
}

/** The console's queue: a work order for what people deliver, cancelled when the order is refunded. */
export const workOrderEffects: OrderEffects = {
  paid: queueWorkOrder,
  refunded: cancelRefundedWorkOrder,
  partlyRefunded: noEffect("a part refunded keeps the work going"),
  chargedBack: cancelRefundedWorkOrder,
  chargebackWon: reopenWorkOrder,
};

/**
 * A name that left its owner (sold through escrow or by hand) ends the work still open on it
 * (a broker, SEO, a social post, a transfer specialist): each open work order of the domain is
 * cancelled with a note saying why, which staff and the buyer of the service read.
 */
export async function closeWorkOnDomain(tx: DbOrTx, domainId: string, note: string): Promise<number> {
  const closed = await tx
    .update(workOrders)
    .set({ status: "cancelled", updatedAt: new Date() })
    .where(and(eq(workOrders.domainId, domainId), inArray(workOrders.status, ["queued", "in_progress"])))
    .returning({ id: workOrders.id });
  if (closed.length > 0)
    await tx.insert(workOrderNotes).values(closed.map((w) => ({ workOrderId: w.id, body: note })));
  return closed.length;
}
