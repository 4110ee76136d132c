import type { TRevenueSource } from "@shared/api/analytics";
import { formattable } from "@shared/money";
import { serviceTypeName } from "@shared/service-name";

/** Display formatting. Every figure the client shows goes through one of these. */

const moneyFormatter = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A count or a percentage (never money, which is formatted from its exact text) as a number; 0 when it is none. */
function toNumber(value: string | number): number {
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

/** Money with a dollar sign and two decimals: "1234.5" → "$1,234.50". */
export function formatMoney(value: string | number): string {
  return moneyFormatter.format(formattable(value));
}

const wholeMoneyFormatter = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/**
 * Money as a person writes a round amount: whole dollars without cents ("50" → "$50"), any other
 * amount with its two decimals ("50.5" → "$50.50").
 */
export function formatMoneyPlain(value: string | number): string {
  const amount = formattable(value);
  const whole = typeof amount === "number" ? Number.isInteger(amount) : /^-?\d+(\.0+)?$/.test(amount);
  return (whole ? wholeMoneyFormatter : moneyFormatter).format(amount);
}

/** Money in whole dollars, rounded: "1234.56" → "$1,235". */
export function formatWholeMoney(value: string | number): string {
  return wholeMoneyFormatter.format(formattable(value));
}

const compactFormatter = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** Money in short form for chart axes: 1234 → "$1.2K". */
export function formatCompactMoney(value: number): string {
  return `$${compactFormatter.format(value)}`;
}

/** A count in the reader's locale format: 12345 → "12,345". */
export function formatNumber(value: string | number): string {
  return toNumber(value).toLocaleString();
}

/** `part` as a whole-number percent of `whole`, 0 when the whole is 0: 1 of 3 → 33. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/** A signed percentage with one decimal: 12.5 → "+12.5%", -3 → "-3.0%". */
export function formatChangePercent(value: string | number): string {
  const n = toNumber(value);
  return `${n > 0 ? "+" : ""}${n.toFixed(1)}%`;
}

const UNITS = [
  { unit: "day", seconds: 86_400 },
  { unit: "hour", seconds: 3_600 },
  { unit: "minute", seconds: 60 },
] as const;

/** Beyond this many days a relative time reads as the date: "631 days ago" says less than "Feb 1, 2025". */
const RELATIVE_TIME_MAX_DAYS = 7;

/** "N seconds/minutes/hours/days ago" for a past moment, up to 7 days; older moments read as their date. */
export function formatRelativeTime(date: string | number | Date, now: number = Date.now()): string {
  const elapsed = Math.max(0, Math.floor((now - new Date(date).getTime()) / 1000));
  if (elapsed > RELATIVE_TIME_MAX_DAYS * 86_400) return formatDate(date);
  for (const { unit, seconds } of UNITS) {
    const count = Math.floor(elapsed / seconds);
    if (count >= 1) return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
  }
  return `${elapsed} second${elapsed === 1 ? "" : "s"} ago`;
}

/** A service type in readable form: "api_access" → "API Access" (see `serviceTypeName`). */
export const formatServiceType = serviceTypeName;

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A "YYYY-MM-DD" day is a calendar day, the same for every reader: it is read and shown in UTC
 * so that a reader west of Greenwich never sees the day before. A moment (a timestamp) is shown
 * in the reader's own zone.
 */
function dateOf(value: string | number | Date): { date: Date; timeZone?: "UTC" } {
  if (typeof value === "string" && CALENDAR_DAY.test(value)) {
    return { date: new Date(`${value}T00:00:00Z`), timeZone: "UTC" };
  }
  return { date: new Date(value) };
}

/** A day in the reader's locale: "Mar 4, 2025" (see `dateOf` for calendar days and moments). */
export function formatDate(value: string | number | Date): string {
  const { date, timeZone } = dateOf(value);
  return date.toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric", timeZone });
}

/** A calendar month ("2026-10") in the reader's locale: "October 2026". */
export function formatMonth(month: string): string {
  const { date, timeZone } = dateOf(`${month}-01`);
  return date.toLocaleDateString(undefined, { year: "numeric", month: "long", timeZone });
}

/** A day without its year, for chart axes: "Mar 4". */
export function formatShortDate(value: string | number | Date): string {
  const { date, timeZone } = dateOf(value);
  return date.toLocaleDateString(undefined, { month: "short", day: "numeric", timeZone });
}

/** What each kind of revenue is called wherever it is shown (badges, legends, breakdowns). */
export const REVENUE_SOURCE_LABELS: Record<TRevenueSource, string> = {
  parking: "Parking",
  lead: "Lead",
  marketplace: "Marketplace",
  affiliate: "Affiliate",
  other: "Other",
};
