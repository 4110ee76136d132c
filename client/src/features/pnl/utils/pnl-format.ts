import { PNL_RANGES, type TPnlRange } from "@shared/api/pnl";

/** The range picker's buttons: 30D, 90D, 12M, All. */
export const RANGE_OPTIONS = PNL_RANGES.map((value: TPnlRange) => ({
  value,
  label: value === "all" ? "All" : value.toUpperCase(),
}));

/** True for a loss: the API sends money as decimal strings, negative ones with a sign. */
export const isLoss = (amount: string) => amount.startsWith("-");

/** A figure's colour: losses red, gains emerald, nothing slate. */
export function toneOf(amount: string): string {
  if (isLoss(amount)) return "text-red-700";
  return /^0+\.0+$/.test(amount) ? "text-slate-900" : "text-emerald-700";
}

/** ROI as shown: "+386.1%", "-69.5%", or "—" when the domain has no costs. */
export function formatRoi(roi: string | null): string {
  if (roi === null) return "—";
  return `${isLoss(roi) || /^0+\.0$/.test(roi) ? "" : "+"}${roi}%`;
}

const monthFormatter = new Intl.DateTimeFormat(undefined, { month: "short", timeZone: "UTC" });

/** A month ("2025-02") as a short axis label: "Feb ’25". */
export const formatMonth = (month: string) =>
  `${monthFormatter.format(new Date(`${month}-01T00:00:00Z`))} ’${month.slice(2, 4)}`;

/** "in 5 days", "today", "3 days ago". */
export function formatDaysAway(days: number): string {
  if (days === 0) return "today";
  const count = `${Math.abs(days)} day${Math.abs(days) === 1 ? "" : "s"}`;
  return days > 0 ? `in ${count}` : `${count} ago`;
}
