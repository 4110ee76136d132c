import { and, eq } from "drizzle-orm";
import { reports, type ServiceOrder } from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import { type MoneyBack, noEffect, type OrderEffects } from "../../payments/money-effects";
import { scheduleReportBuild } from "./report-schedule";

/** A refunded or charged-back order takes back the reports it paid for: they stay listed, emptied, marked refunded. */
export async function withdrawRefundedReports(tx: Tx, order: ServiceOrder, back: MoneyBack): Promise<void> {
  await tx
    .update(reports)
    .set({
      status: "refunded",
      content: null,
      error: back.reason === "chargeback" ? "The payment was charged back." : "The order was refunded.",
      updatedAt: new Date(),
    })
    .where(eq(reports.orderId, order.id));
}

/** A chargeback decided for us: the order's reports are built again (their content was withdrawn). */
export async function rebuildWithdrawnReports(tx: Tx, order: ServiceOrder): Promise<void> {
  const rebuilt = await tx
    .update(reports)
    .set({ status: "queued", progress: 0, attempts: 0, error: null, updatedAt: new Date() })
    .where(and(eq(reports.orderId, order.id), eq(reports.status, "refunded")))
    .returning({ id: reports.id });
  for (const report of rebuilt) scheduleReportBuild(report.id);
}

/** A refunded order's reports are withdrawn, whichever area queued them. */
export const reportOrderEffects: OrderEffects = {
  paid: noEffect("each area queues the reports it sells (appraisals, analytics reports)"),
  refunded: withdrawRefundedReports,
  partlyRefunded: noEffect("a part refunded keeps the report"),
  chargedBack: withdrawRefundedReports,
  chargebackWon: rebuildWithdrawnReports,
};
