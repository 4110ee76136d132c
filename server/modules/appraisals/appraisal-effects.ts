import { and, eq, sql } from "drizzle-orm";
import { domains, reports, type ServiceOrder, type WorkOrder } from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import { noEffect, type OrderEffects } from "../../payments/money-effects";
import { queueReport } from "../reports/queue-report";
import { scheduleReportBuild } from "../reports/report-schedule";
import { workOrderDueAt } from "../work-orders/work-order-due";
import { APPRAISAL_TIERS, type AppraisalParams } from "./appraisal-report";

const TIER_LABELS = {
  basic: "Basic",
  professional: "Professional",
  premium: "Premium",
  enterprise: "Enterprise",
};

/**
 * A paid appraisal is computed at once: its report is queued in the payment's transaction and
 * built within seconds (docs/appraisals.md). An enterprise appraisal also gets an analyst's
 * review, through the work order the console queues for it.
 */
export async function queueAppraisalReport(tx: Tx, order: ServiceOrder): Promise<void> {
  if (order.offerId !== "appraisal") return;
  const request = (order.metadata.request ?? {}) as Record<string, unknown>;
  const tier = APPRAISAL_TIERS.find((t) => t === request.type);
  if (!tier) return;
  const [owned] = order.domainId
    ? await tx
        .select({ name: domains.name })
        .from(domains)
        .where(and(eq(domains.id, order.domainId), eq(domains.userId, order.userId)))
    : [];
  // A domain removed between ordering and paying is still appraised, by the name it was ordered for.
  const ordered = typeof order.metadata.domainName === "string" ? order.metadata.domainName : undefined;
  const domain = owned ?? (ordered ? { name: ordered } : undefined);
  if (!domain) return;
  const dueAt = tier === "enterprise" ? workOrderDueAt(order, order.paidAt ?? new Date()) : null;
  const params: AppraisalParams = {
    tier,
    name: domain.name,
    ...(dueAt ? { reviewDueAt: dueAt.toISOString() } : {}),
  };
  await queueReport(tx, {
    userId: order.userId,
    kind: "appraisal",
    title: `${TIER_LABELS[tier]} appraisal of ${domain.name}`,
    domainId: owned ? order.domainId : null,
    orderId: order.id,
    params: { ...params },
  });
}

/**
 * The analyst delivered an enterprise appraisal's work order: the review joins the report's
 * params and the report is built again with it (in the delivery's transaction, so that a
 * delivery that rolls back changes nothing).
 */
export async function addAnalystReview(
  tx: Tx,
  workOrder: WorkOrder,
  deliverables: { fileName: string | null; body: string | null }[],
): Promise<void> {
  if (workOrder.offerId !== "appraisal") return;
  const lines = deliverables.map((d) =>
    d.body ? d.body : `Attached: ${d.fileName}, on the domain's service record.`,
  );
  const review = { lines, deliveredAt: (workOrder.deliveredAt ?? new Date()).toISOString() };
  const [updated] = await tx
    .update(reports)
    .set({
      params: sql`${reports.params} || ${JSON.stringify({ analystReview: review })}::jsonb`,
      status: "queued",
      progress: 0,
      attempts: 0,
      updatedAt: new Date(),
    })
    .where(and(eq(reports.orderId, workOrder.orderId), eq(reports.kind, "appraisal")))
    .returning({ id: reports.id });
  if (updated) scheduleReportBuild(updated.id);
}

/** A paid appraisal queues its report (a refund withdraws it with the order's other reports). */
export const appraisalOrderEffects: OrderEffects = {
  paid: queueAppraisalReport,
  refunded: noEffect("the report is withdrawn with the order's other reports"),
  partlyRefunded: noEffect("a part refunded keeps the report"),
  chargedBack: noEffect("the report is withdrawn with the order's other reports"),
  chargebackWon: noEffect("the report is built again with the order's other reports"),
};
