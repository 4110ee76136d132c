import { and, eq, sql } from "drizzle-orm";
import { competitorLines } from "../../../../shared/catalog";
import { FORECAST_PERIODS, REPORT_TYPES } from "../../../../shared/prices";
import { reports, type ServiceOrder, type WorkOrder } from "../../../../shared/schema";
import type { Tx } from "../../../db/tx";
import { noEffect, type OrderEffects } from "../../../payments/money-effects";
import { queueReport } from "../../reports/queue-report";
import { scheduleReportBuild } from "../../reports/report-schedule";
import { workOrderDueAt } from "../../work-orders/work-order-due";
import type { CustomReportParams } from "./custom-report";

/**
 * A paid custom report, forecast or competitive analysis is queued in the payment's transaction
 * and built at once (docs/reports.md). A custom-tier report's analyst notes come through the
 * work order the console queues for it, and rebuild the report when delivered.
 */
export async function queueAnalyticsReport(tx: Tx, order: ServiceOrder): Promise<void> {
  const request = (order.metadata.request ?? {}) as Record<string, unknown>;
  const base = { userId: order.userId, orderId: order.id };
  if (order.offerId === "customReports") {
    const tier = REPORT_TYPES.find((t) => t.id === request.reportType);
    if (!tier) return;
    const dueAt = workOrderDueAt(order, order.paidAt ?? new Date());
    const params: CustomReportParams = {
      tier: tier.id,
      ...(dueAt ? { notesDueAt: dueAt.toISOString() } : {}),
      ...(typeof request.brief === "string" && request.brief !== "" ? { brief: request.brief } : {}),
    };
    await queueReport(tx, {
      ...base,
      kind: "custom",
      title: `${tier.label} analytics report`,
      params: { ...params },
    });
  } else if (order.offerId === "forecasting") {
    const period = FORECAST_PERIODS.find((p) => p.id === String(request.period));
    if (!period) return;
    await queueReport(tx, {
      ...base,
      kind: "forecast",
      title: `Revenue forecast, ${period.label}`,
      params: { period: period.id },
    });
  } else if (order.offerId === "competitiveAnalysis") {
    const competitors = competitorLines(String(request.competitors ?? ""));
    if (competitors.length === 0) return;
    await queueReport(tx, {
      ...base,
      kind: "competitive",
      title: `Competitive analysis of ${competitors.length} competitor${competitors.length === 1 ? "" : "s"}`,
      params: { competitors },
    });
  }
}

/** The analyst delivered a custom report's notes: they join its params and it is built again. */
export async function addAnalystNotes(
  tx: Tx,
  workOrder: WorkOrder,
  deliverables: { fileName: string | null; body: string | null }[],
): Promise<void> {
  if (workOrder.offerId !== "customReports") return;
  const lines = deliverables.map((d) =>
    d.body ? d.body : `Attached: ${d.fileName}, in the work order's deliveries.`,
  );
  const notes = { lines, deliveredAt: (workOrder.deliveredAt ?? new Date()).toISOString() };
  const [updated] = await tx
    .update(reports)
    .set({
      params: sql`${reports.params} || ${JSON.stringify({ analystNotes: notes })}::jsonb`,
      status: "queued",
      progress: 0,
      attempts: 0,
      updatedAt: new Date(),
    })
    .where(and(eq(reports.orderId, workOrder.orderId), eq(reports.kind, "custom")))
    .returning({ id: reports.id });
  if (updated) scheduleReportBuild(updated.id);
}

/** A paid custom report, forecast or competitive analysis queues its report (a refund withdraws it). */
export const analyticsReportOrderEffects: OrderEffects = {
  paid: queueAnalyticsReport,
  refunded: noEffect("the report is withdrawn with the order's other reports"),
  partlyRefunded: noEffect("a part refunded keeps the report"),
  chargedBack: noEffect("the report is withdrawn with the order's other reports"),
  chargebackWon: noEffect("the report is built again with the order's other reports"),
};
