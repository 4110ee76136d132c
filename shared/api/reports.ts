import { z } from "zod";

/** Reports a user owns (docs/reports.md): a list, one report, and its PDF. */
export const REPORTS_PATHS = {
  list: "/api/reports",
  one: "/api/reports/:id",
  pdf: "/api/reports/:id/pdf",
} as const;

/**
 * Every kind of report. Adding one here makes the server fail to compile until its builder is
 * registered in `server/jobs/report-builders.ts`.
 */
export const REPORT_KINDS = ["appraisal", "custom", "forecast", "competitive"] as const;
export type TReportKind = (typeof REPORT_KINDS)[number];
export const ZReportKind = z.enum(REPORT_KINDS);

/** A report is queued, then building, then ready (or failed); `refunded` once its order was refunded or charged back (its content withdrawn). */
export const REPORT_STATUSES = ["queued", "building", "ready", "failed", "refunded"] as const;
export type TReportStatus = (typeof REPORT_STATUSES)[number];
export const ZReportStatus = z.enum(REPORT_STATUSES);

/** A table in a report: a header row and rows of cells, all text as shown. */
export const ZReportTable = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
});

/** One section of a report, as the page and the PDF show it: a heading, lines of text, a table. */
export const ZReportSection = z.object({
  heading: z.string(),
  lines: z.array(z.string()),
  table: ZReportTable.optional(),
});
export type TReportSection = z.infer<typeof ZReportSection>;

/**
 * What a report holds once built: a summary and its sections, which the page and the PDF render
 * for every kind alike, plus the figures of its kind (an appraisal's `value`, `range`, `reasons`,
 * `comparables`) for those who read them as data.
 */
export const ZReportContent = z.looseObject({
  summary: z.string(),
  sections: z.array(ZReportSection),
});
export type TReportContent = z.infer<typeof ZReportContent>;

/** One row of `GET /api/reports`, newest first. */
export const ZReportListItem = z.object({
  id: z.string(),
  kind: ZReportKind,
  status: ZReportStatus,
  progress: z.number().int(),
  title: z.string(),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  domainId: z.string().nullable(),
});
export type TReportListItem = z.infer<typeof ZReportListItem>;
export const ZReportList = z.array(ZReportListItem);

/** `GET /api/reports/{id}`: the report with its content (null until it is ready). */
export const ZReport = ZReportListItem.extend({
  orderId: z.string().nullable(),
  content: ZReportContent.nullable(),
  error: z.string().nullable(),
});
export type TReport = z.infer<typeof ZReport>;

export const ZReportParams = z.object({ id: z.string() });
