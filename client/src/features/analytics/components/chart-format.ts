import type { TRevenueSource } from "@shared/api/analytics";

/** A source's label and colour, as the dashboard's activity badges colour them. */
export const SOURCE_STYLES: Record<TRevenueSource, { label: string; color: string }> = {
  parking: { label: "Parking", color: "#10b981" },
  lead: { label: "Leads", color: "#f59e0b" },
  marketplace: { label: "Marketplace", color: "#8b5cf6" },
  affiliate: { label: "Affiliate", color: "#3b82f6" },
  other: { label: "Other", color: "#94a3b8" },
};

const dayFormatter = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", timeZone: "UTC" });

/** "2025-03-04" → "Mar 4" (the day is a calendar date; it is not shifted by the reader's zone). */
export function formatDay(day: string): string {
  return dayFormatter.format(new Date(`${day}T00:00:00Z`));
}

/** A decimal string as a chart value; charts plot floats, stored money never becomes one. */
export const plotValue = (amount: string) => Number.parseFloat(amount);

/** An axis label for dollars: 1234 → "$1.2K". */
export function compactDollars(value: number): string {
  return `$${Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }).format(value)}`;
}
