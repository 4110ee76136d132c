import type { TRevenueSource } from "@shared/api/analytics";

/** A source's colour in the charts, as the dashboard's activity badges colour them. */
export const SOURCE_COLORS: Record<TRevenueSource, string> = {
  parking: "#10b981",
  lead: "#f59e0b",
  marketplace: "#8b5cf6",
  affiliate: "#3b82f6",
  other: "#94a3b8",
};

/** A decimal string as a chart value; charts plot floats, stored money never becomes one. */
export const plotValue = (amount: string) => Number.parseFloat(amount);
