import { and, desc, eq } from "drizzle-orm";
import type { TReport, TReportKind, TReportListItem, TReportStatus } from "../../../shared/api/reports";
import { type Report, reports } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { notFound } from "../../http/app-error";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The list answers the newest reports; an account has far fewer. */
const LIST_LIMIT = 200;

const listItem = (r: Report): TReportListItem => ({
  id: r.id,
  kind: r.kind as TReportKind,
  status: r.status as TReportStatus,
  progress: r.progress,
  title: r.title,
  createdAt: r.createdAt.toISOString(),
  readyAt: r.readyAt?.toISOString() ?? null,
  domainId: r.domainId,
});

/** The user's reports, newest first. */
export async function listReports(db: Db, userId: string): Promise<TReportListItem[]> {
  const rows = await db
    .select()
    .from(reports)
    .where(eq(reports.userId, userId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(LIST_LIMIT);
  return rows.map(listItem);
}

/** One of the user's own reports; another account's report is not found, as is a made-up id. */
export async function loadOwnReport(db: Db, userId: string, id: string): Promise<Report> {
  if (!UUID.test(id)) throw notFound("Report");
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), eq(reports.userId, userId)));
  if (!row) throw notFound("Report");
  return row;
}

export async function getReport(db: Db, userId: string, id: string): Promise<TReport> {
  const row = await loadOwnReport(db, userId, id);
  return {
    ...listItem(row),
    orderId: row.orderId,
    content: row.status === "ready" ? (row.content as TReport["content"]) : null,
    error: row.error,
  };
}
