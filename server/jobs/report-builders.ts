import type { TReportKind } from "../../shared/api/reports";
import { buildCompetitiveReport } from "../modules/analytics/reports/competitive-report";
import { buildCustomReport } from "../modules/analytics/reports/custom-report";
import { buildForecastReport } from "../modules/analytics/reports/forecast-report";
import { buildAppraisalReport } from "../modules/appraisals/appraisal-report";
import type { ReportBuilder } from "../modules/reports/report-builder";

/**
 * The builder of every report kind, in one table: a kind added to `REPORT_KINDS` without its
 * builder here does not compile (docs/reports.md#adding-a-kind).
 */
export const REPORT_BUILDERS: Record<TReportKind, ReportBuilder> = {
  appraisal: buildAppraisalReport,
  custom: buildCustomReport,
  forecast: buildForecastReport,
  competitive: buildCompetitiveReport,
};
