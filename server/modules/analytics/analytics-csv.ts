import type { TAnalyticsAnswer, TAnalyticsDay } from "../../../shared/api/analytics";

const HEADER = [
  "Date",
  "Parking revenue",
  "Lead revenue",
  "Marketplace revenue",
  "Affiliate revenue",
  "Other revenue",
  "Total revenue",
  "Visitors",
  "Leads",
  "Lead conversion (%)",
];

const NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell. A text that a spreadsheet would run as a formula (starting with = + - @, tab or
 * carriage return) is prefixed with an apostrophe; plain numbers, negative ones included, stay numbers.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (!NUMBER.test(text) && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function line(label: string, day: Omit<TAnalyticsDay, "day">): string {
  const { revenue } = day;
  return [
    label,
    revenue.parking,
    revenue.lead,
    revenue.marketplace,
    revenue.affiliate,
    revenue.other,
    revenue.total,
    day.visitors,
    day.leads,
    day.conversionRate.toFixed(2),
  ]
    .map(csvCell)
    .join(",");
}

/** The range's daily series as CSV (one row per day, then a Total row), CRLF line ends per RFC 4180. */
export function analyticsCsv(answer: TAnalyticsAnswer): string {
  const rows = [
    HEADER.map(csvCell).join(","),
    ...answer.days.map((day) => line(day.day, day)),
    line("Total", answer.totals),
  ];
  return `${rows.join("\r\n")}\r\n`;
}

/** The download's file name, e.g. `parkpilot-analytics-30d-2025-03-01-to-2025-03-30.csv`. */
export function analyticsCsvFileName(answer: TAnalyticsAnswer): string {
  return `parkpilot-analytics-${answer.range}-${answer.from}-to-${answer.to}.csv`;
}
