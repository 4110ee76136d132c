import type { TReportKind } from "../../../shared/api/reports";
import { reports } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { scheduleReportBuild } from "./report-schedule";

export interface NewReport {
  userId: string;
  kind: TReportKind;
  title: string;
  domainId?: string | null;
  /** The paid order the report delivers; one report of a kind per order. */
  orderId?: string | null;
  /** What the builder is asked for (a tier, a period); it reads them from `report.params`. */
  params?: Record<string, unknown>;
}

/**
 * Queues a report, inside the caller's transaction (an order's payment): the row is the request,
 * so a report whose transaction rolls back is never built, and one whose build is lost (a
 * restart) is found by the sweep. A second call for the same order and kind changes nothing.
 * Returns the report's id, or null when the order already had one.
 */
export async function queueReport(tx: DbOrTx, report: NewReport): Promise<string | null> {
  const [row] = await tx
    .insert(reports)
    .values({
      userId: report.userId,
      kind: report.kind,
      title: report.title,
      domainId: report.domainId ?? null,
      orderId: report.orderId ?? null,
      params: report.params ?? {},
    })
    .onConflictDoNothing({ target: [reports.orderId, reports.kind] })
    .returning({ id: reports.id });
  if (!row) return null;
  scheduleReportBuild(row.id);
  return row.id;
}
