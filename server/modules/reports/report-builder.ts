import type { TReportContent } from "../../../shared/api/reports";
import type { Report } from "../../../shared/schema";
import type { Db } from "../../db/pool";

/** What a builder is given: the database (to read, never to write the report itself) and its report. */
export interface ReportBuildContext {
  db: Db;
  report: Report;
  /** Says how far the build is (0 to 100); it also keeps the build's lease alive. */
  progress(percent: number): Promise<void>;
}

/** What a builder returns: the report's content and, if it learned a better one, its title. */
export interface BuiltReport {
  title?: string;
  content: TReportContent;
}

/**
 * Builds one kind of report from its row (`report.params`, `report.domainId`, `report.userId`).
 * It may run more than once for the same report (a restart mid-build), so it only reads; the
 * build job stores what it returns. A thrown error fails the report with the error's message
 * when it is an AppError, else a generic one.
 */
export type ReportBuilder = (ctx: ReportBuildContext) => Promise<BuiltReport>;
