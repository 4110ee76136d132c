import type { TAdNetwork } from "../../shared/api/domains";
import {
  MAX_PARKING_DAY_REVENUE_CENTS,
  MAX_PARKING_DAY_VISITORS,
  MAX_PARKING_REPORT_ROWS,
  PARKING_REPORT_FORMATS,
  REQUIRED_REPORT_FIELDS,
  type TReportField,
  type TReportFormat,
} from "../../shared/api/parking";
import { centsToDecimal, formatUsd } from "../../shared/money";
import { AppError } from "../http/app-error";
import { headerKey, readCsv } from "../http/csv";
import { normalizeDomainName } from "../lib/domain-name";
import { type DaySum, type ReportColumns, toColumns } from "./report-columns";

/** One report row, read and checked. */
/** One line of a report, read as a day of a domain (revenue to 6 places, as the network writes it). */
interface ReportRow extends Omit<DaySum, "lines"> {
  line: number;
}

const FIELDS: TReportField[] = ["date", "domain", "visitors", "clicks", "revenue"];
const COUNT = /^\d{1,9}$/;
const REVENUE = /^\d{1,9}(\.\d{1,6})?$/;
const MAX_REPORTED_ERRORS = 5;

/** The column of each field: the network's own header or the generic one, case and spacing ignored. */
function mapHeader(header: string[], format: TReportFormat): Map<TReportField, number> {
  const keys = header.map(headerKey);
  const positions = new Map<TReportField, number>();
  for (const field of FIELDS) {
    const index = keys.findIndex((k) => k === headerKey(format.columns[field]) || k === field);
    if (index !== -1) positions.set(field, index);
  }
  const missing = REQUIRED_REPORT_FIELDS.filter((f) => !positions.has(f));
  if (missing.length > 0) {
    const names = missing.map((f) => `“${format.columns[f]}”`).join(", ");
    throw new AppError(
      "UNPROCESSABLE",
      `This is not a ${format.label} report: the column${missing.length > 1 ? "s" : ""} ${names} ${missing.length > 1 ? "are" : "is"} missing.`,
    );
  }
  return positions;
}

function dayParts(text: string, format: TReportFormat["dateFormat"]): [string, string, string] | undefined {
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match) return [match[1], match[2], match[3]];
  if (format === "MM/DD/YYYY") {
    match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
    if (match) return [match[3], match[1], match[2]];
  }
  if (format === "DD.MM.YYYY") {
    match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
    if (match) return [match[3], match[2], match[1]];
  }
  return undefined;
}

/** A day as `YYYY-MM-DD`, read in ISO form or in the network's own format; undefined if not a real day. */
function readDay(text: string, format: TReportFormat["dateFormat"]): string | undefined {
  const parts = dayParts(text, format);
  if (!parts) return undefined;
  const day = `${parts[0]}-${parts[1].padStart(2, "0")}-${parts[2].padStart(2, "0")}`;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day) ? day : undefined;
}

interface Cells {
  date: string;
  visitors: string;
  clicks: string;
  revenue: string;
}

/** What is wrong with a row's values, if anything. */
function problemWith(cells: Cells, day: string | undefined, format: TReportFormat, latestDay: string) {
  if (!day) return `the date “${cells.date}” is not a ${format.dateFormat} date`;
  if (day > latestDay) return `the date ${day} is in the future`;
  if (!COUNT.test(cells.visitors) || !COUNT.test(cells.clicks))
    return "visitors and clicks must be whole numbers";
  if (!REVENUE.test(cells.revenue)) return `the revenue “${cells.revenue}” is not an amount`;
  return undefined;
}

/** "12.5" → 12_500_000n: sums stay exact whatever the number of rows. */
function toMicros(revenue: string): bigint {
  const [whole, fraction = ""] = revenue.split(".");
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, "0"));
}

/**
 * Reads a network's daily report and adds its rows up by domain and day. A malformed value
 * anywhere refuses the whole file with the lines at fault, so that a report is imported entirely
 * or not at all. It runs in a worker thread (`server/workers/read-upload.ts`): a 50,000-row file
 * takes long enough to hold up every other request if read on the server's own thread.
 */
export async function readReport(csv: string, network: TAdNetwork): Promise<ReportColumns> {
  const format = PARKING_REPORT_FORMATS[network];
  const table = await readCsv(csv, { maxRows: MAX_PARKING_REPORT_ROWS });
  const at = mapHeader(table.header, format);
  // A report may run up to the network's "today", which is ahead of UTC in the far east.
  const latestDay = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const errors: string[] = [];
  const rows: ReportRow[] = [];
  for (const { line, cells } of table.rows) {
    const cell = (field: TReportField) => {
      const index = at.get(field);
      return index === undefined ? "" : (cells[index] ?? "").replace(/[$,]/g, "");
    };
    const values: Cells = {
      date: cell("date"),
      visitors: cell("visitors") || "0",
      clicks: cell("clicks") || "0",
      revenue: cell("revenue"),
    };
    const day = readDay(values.date, format.dateFormat);
    const problem = problemWith(values, day, format, latestDay);
    if (problem) {
      errors.push(`line ${line}: ${problem}`);
      continue;
    }
    const checked = normalizeDomainName(cells[at.get("domain")!] ?? "");
    rows.push({
      line,
      domain: checked.ok ? checked.name : (cells[at.get("domain")!] ?? ""),
      valid: checked.ok,
      day: day!,
      visitors: Number(values.visitors),
      clicks: Number(values.clicks),
      micros: toMicros(values.revenue),
    });
  }
  refuseIfAny(errors);
  const days = addUpDays(rows);
  refuseIfAny(implausibleDays(days));
  return toColumns(rows.length, [...days.values()]);
}

/** Rows of the same domain and day, added together, in the order they first appear. */
function addUpDays(rows: ReportRow[]): Map<string, DaySum> {
  const days = new Map<string, DaySum>();
  for (const { line, micros, ...row } of rows) {
    const key = `${row.domain}|${row.day}`;
    const sum = days.get(key);
    if (!sum) {
      days.set(key, { ...row, micros, lines: [line] });
      continue;
    }
    sum.micros += micros;
    sum.visitors += row.visitors;
    sum.clicks += row.clicks;
    sum.lines.push(line);
  }
  return days;
}

/** Rows of one domain and day are added together; their sums must stay plausible too. */
function implausibleDays(days: Map<string, DaySum>): string[] {
  const problems: string[] = [];
  for (const { domain, day, micros, visitors, clicks, lines } of days.values()) {
    if (micros > BigInt(MAX_PARKING_DAY_REVENUE_CENTS) * 10_000n) {
      problems.push(
        `line ${lines[0]}: ${domain} earned more than ${formatUsd(centsToDecimal(MAX_PARKING_DAY_REVENUE_CENTS))} on ${day}`,
      );
    }
    if (visitors > MAX_PARKING_DAY_VISITORS || clicks > MAX_PARKING_DAY_VISITORS) {
      problems.push(
        `line ${lines[0]}: ${domain} had more than ${MAX_PARKING_DAY_VISITORS.toLocaleString("en-US")} visitors or clicks on ${day}`,
      );
    }
  }
  return problems;
}

/** Refuses the whole file with the lines at fault (the first few of them). */
export function refuseIfAny(errors: string[]): void {
  if (errors.length > 0) {
    const more =
      errors.length > MAX_REPORTED_ERRORS ? ` and ${errors.length - MAX_REPORTED_ERRORS} more` : "";
    throw new AppError(
      "UNPROCESSABLE",
      `The report was not imported: ${errors.slice(0, MAX_REPORTED_ERRORS).join("; ")}${more}.`,
    );
  }
}
