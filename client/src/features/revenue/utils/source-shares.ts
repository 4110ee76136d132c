import type { TDashboardAnswer } from "@shared/api/revenue";
import { toCents } from "@shared/money";

export interface SourceShare {
  key: keyof TDashboardAnswer["revenue"];
  label: string;
  amount: string;
  /** Share of this month's revenue, 0–100. */
  percent: number;
  barClass: string;
}

const SOURCES: { key: SourceShare["key"]; label: string; barClass: string; always: boolean }[] = [
  { key: "parking", label: "Domain Parking", barClass: "bg-emerald-500", always: true },
  { key: "marketplace", label: "Marketplace Sales", barClass: "bg-purple-500", always: true },
  { key: "affiliate", label: "Affiliate Commissions", barClass: "bg-blue-500", always: true },
  { key: "lead", label: "Lead Income", barClass: "bg-amber-500", always: false },
  { key: "other", label: "Other Income", barClass: "bg-slate-400", always: false },
];

const cents = (amount: string) => (amount.startsWith("-") ? 0 : toCents(amount));

/**
 * Each source's real share of this month's revenue (docs/product.md#figures-that-are-real). The spec's three sources are
 * always listed; leads and other income join them once they earned something.
 */
export function sourceShares(revenue: TDashboardAnswer["revenue"]): { total: number; shares: SourceShare[] } {
  const total = SOURCES.reduce((sum, s) => sum + cents(revenue[s.key]), 0);
  const shares = SOURCES.filter((s) => s.always || cents(revenue[s.key]) > 0).map((s) => ({
    key: s.key,
    label: s.label,
    amount: revenue[s.key],
    percent: total === 0 ? 0 : (cents(revenue[s.key]) / total) * 100,
    barClass: s.barClass,
  }));
  return { total, shares };
}
