import type { TAnalyticsAnswer, TAnalyticsDay } from "../../../shared/api/analytics";
import { csvDocument } from "../../lib/csv-write";

/** The revenue columns of every analytics export, by source then in total. */
export const REVENUE_HEADER = [
  "Parking revenue",
  "Lead revenue",
  "Marketplace revenue",
  "Affiliate revenue",
  "Other revenue",
  "Total revenue",
];

/** A revenue-by-source answer as the cells under `REVENUE_HEADER`. */
export const revenueCells = (revenue: TAnalyticsDay["revenue"]) => [
  revenue.parking,
  revenue.lead,
  revenue.marketplace,
  revenue.affiliate,
  revenue.other,
  revenue.total,
];

const HEADER = ["Date", ...REVENUE_HEADER, "Visitors", "Page visits", "Leads", "Lead conversion (%)"];

function line(label: string, day: Omit<TAnalyticsDay, "day">): (string | number)[] {
  return [
    label,
    ...revenueCells(day.revenue),
    day.visitors,
    day.pageVisits,
    day.leads,
    day.conversionRate.toFixed(2),
  ];
}

/** The range's daily series as CSV (one row per day, then a Total row), CRLF line ends per RFC 4180. */
export function analyticsCsv(answer: TAnalyticsAnswer): string {
  return csvDocument([HEADER, ...answer.days.map((day) => line(day.day, day)), line("Total", answer.totals)]);
}

/** The download's file name, e.g. `parkpilot-analytics-30d-2025-03-01-to-2025-03-30.csv`. */
export function analyticsCsvFileName(answer: TAnalyticsAnswer): string {
  return `parkpilot-analytics-${answer.range}-${answer.from}-to-${answer.to}.csv`;
}
