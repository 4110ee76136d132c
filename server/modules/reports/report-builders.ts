import type { TReportKind } from "../../../shared/api/reports";
import { buildCompetitiveReport } from "../analytics/reports/competitive-report";
import { buildCustomReport } from "../analytics/reports/custom-report";
import { buildForecastReport } from "../analytics/reports/forecast-report";
import { buildAppraisalReport } from "../appraisals/appraisal-report";
import type { ReportBuilder } from "./report-builder";

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
