import { and, asc, eq, sql } from "drizzle-orm";
import { WORK_ORDER_MOVES } from "../../../shared/api/admin/work-orders";
import type { TWorkOrderStatus } from "../../../shared/api/work-orders";
import {
  serviceOrders,
  users,
  type WorkOrder,
  workOrderDeliverables,
  workOrderNotes,
  workOrders,
} from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { Tx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import type { Mailer } from "../../mail/mailer";
import { addAnalystNotes } from "../analytics/reports/analytics-report-effects";
import { addAnalystReview } from "../appraisals/appraisal-effects";
import { mailWorkOrderChange } from "../work-orders/work-order-mail";
import { refundOrderAsStaff, type StaffRefundDeps } from "./staff-refund";

export interface WorkOrderContext {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

const STATUS_WORDS: Record<TWorkOrderStatus, string> = {
  queued: "queued",
  in_progress: "in progress",
  delivered: "delivered",
  cancelled: "cancelled",
};

/** The work order, locked for the change being made to it. */
async function lockWorkOrder(tx: Tx, id: string): Promise<WorkOrder> {
  const [workOrder] = await tx.select().from(workOrders).where(eq(workOrders.id, id)).for("update");
  if (!workOrder) throw notFound("Work order");
  return workOrder;
}

function assertOpen(workOrder: WorkOrder): void {
  if (workOrder.status === "delivered" || workOrder.status === "cancelled")
    throw new AppError("CONFLICT", `This work order is ${STATUS_WORDS[workOrder.status]} already.`);
}

function assertMove(workOrder: WorkOrder, to: TWorkOrderStatus): void {
  const from = workOrder.status as TWorkOrderStatus;
  if (!WORK_ORDER_MOVES[from]?.includes(to))
    throw new AppError("CONFLICT", `A work order ${STATUS_WORDS[from]} cannot become ${STATUS_WORDS[to]}.`);
}

/** How a deliverable is named in the delivery mail: its file, or the start of its text. */
const deliverableLabel = (d: { fileName: string | null; body: string | null }) =>
  d.fileName ?? (d.body && d.body.length > 80 ? `${d.body.slice(0, 79)}…` : (d.body ?? ""));

/**
 * Staff start the work (the order is theirs if no one has it) or deliver it (only with at least
 * one deliverable); the buyer is mailed in the same transaction.
 */
export async function advanceWorkOrder(
  ctx: WorkOrderContext,
  change: { staffId: string; workOrderId: string; status: "in_progress" | "delivered" },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const workOrder = await lockWorkOrder(tx, change.workOrderId);
    assertMove(workOrder, change.status);
    const deliverables = await tx
      .select({ fileName: workOrderDeliverables.fileName, body: workOrderDeliverables.body })
      .from(workOrderDeliverables)
      .where(eq(workOrderDeliverables.workOrderId, workOrder.id))
      .orderBy(asc(workOrderDeliverables.createdAt));
    if (change.status === "delivered" && deliverables.length === 0)
      throw new AppError("CONFLICT", "Add a deliverable before delivering the order.");
    const now = new Date();
    const [changed] = await tx
      .update(workOrders)
      .set({
        status: change.status,
        updatedAt: now,
        ...(change.status === "delivered" ? { deliveredAt: now } : {}),
        ...(workOrder.assigneeId ? {} : { assigneeId: change.staffId }),
      })
      .where(eq(workOrders.id, workOrder.id))
      .returning();
    if (changed.status === "delivered") {
      await addAnalystReview(tx, changed, deliverables);
      await addAnalystNotes(tx, changed, deliverables);
    }
    await mailWorkOrderChange(tx, ctx, {
      workOrder: changed,
      deliverables: deliverables.map(deliverableLabel),
    });
  });
}

/**
 * Cancelling is refunding: a paid order is refunded in full through the provider that took it,
 * and the refund's effect cancels the open work order (work-order-effects). The buyer is told the
 * order is cancelled, and why, beside the refund's own mail.
 */
export async function cancelWorkOrder(
  deps: StaffRefundDeps & { appUrl: string },
  change: { staffId: string; workOrderId: string; reason: string },
): Promise<void> {
  const { db } = deps;
  const workOrder = await db.transaction((tx) => lockWorkOrder(tx, change.workOrderId));
  assertMove(workOrder, "cancelled");
  const [order] = await db
    .select({ status: serviceOrders.status })
    .from(serviceOrders)
    .where(eq(serviceOrders.id, workOrder.orderId));
  if (order?.status === "paid")
    await refundOrderAsStaff(deps, {
      staffId: change.staffId,
      orderId: workOrder.orderId,
      reason: change.reason,
    });
  await db.transaction(async (tx) => {
    const locked = await lockWorkOrder(tx, workOrder.id);
    const [cancelled] =
      locked.status === "cancelled"
        ? [locked]
        : await tx
            .update(workOrders)
            .set({ status: "cancelled", updatedAt: new Date() })
            .where(eq(workOrders.id, locked.id))
            .returning();
    await mailWorkOrderChange(tx, deps, { workOrder: cancelled, reason: change.reason });
  });
}

/** Gives the order to a staff member, or to no one (`assigneeId` null). */
export async function assignWorkOrder(
  db: Db,
  change: { workOrderId: string; assigneeId: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const workOrder = await lockWorkOrder(tx, change.workOrderId);
    assertOpen(workOrder);
    if (change.assigneeId) {
      const [staff] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, change.assigneeId), eq(users.role, "staff")));
      if (!staff) throw new AppError("UNPROCESSABLE", "Work orders can only be assigned to staff.");
    }
    await tx
      .update(workOrders)
      .set({ assigneeId: change.assigneeId, updatedAt: new Date() })
      .where(eq(workOrders.id, workOrder.id));
  });
}

/** An internal note; the buyer never sees it. Notes may be written on closed orders too. */
export async function addWorkOrderNote(
  db: Db,
  note: { staffId: string; workOrderId: string; body: string },
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const workOrder = await lockWorkOrder(tx, note.workOrderId);
    const [row] = await tx
      .insert(workOrderNotes)
      .values({ workOrderId: workOrder.id, authorId: note.staffId, body: note.body })
      .returning({ id: workOrderNotes.id });
    await tx.update(workOrders).set({ updatedAt: sql`now()` }).where(eq(workOrders.id, workOrder.id));
    return row;
  });
}

/** A deliverable (a text, or a checked file) on an open work order; the buyer sees it once delivered. */
export async function addDeliverable(
  db: Db,
  deliverable: {
    staffId: string;
    workOrderId: string;
    body?: string;
    file?: { name: string; contentType: string; bytes: Buffer };
  },
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const workOrder = await lockWorkOrder(tx, deliverable.workOrderId);
    assertOpen(workOrder);
    const { file } = deliverable;
    const [row] = await tx
      .insert(workOrderDeliverables)
      .values({
        workOrderId: workOrder.id,
        authorId: deliverable.staffId,
        body: deliverable.body ?? null,
        fileName: file?.name ?? null,
        contentType: file?.contentType ?? null,
        size: file?.bytes.length ?? null,
        content: file?.bytes ?? null,
      })
      .returning({ id: workOrderDeliverables.id });
    await tx.update(workOrders).set({ updatedAt: sql`now()` }).where(eq(workOrders.id, workOrder.id));
    return row;
  });
}
