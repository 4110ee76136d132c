import type { TDashboardAnswer } from "@shared/api/revenue";
import type { StatCardProps, StatChangeType } from "@/components/ui/stat-card";
import { formatChangePercent, formatMoney, formatNumber } from "@/lib/format";

function percentChange(percent: number | null, none: string): { change: string; changeType: StatChangeType } {
  if (percent === null) return { change: none, changeType: "neutral" };
  if (percent === 0) return { change: "No change", changeType: "neutral" };
  return { change: formatChangePercent(percent), changeType: percent > 0 ? "positive" : "negative" };
}

const plural = (n: number, word: string) => `${formatNumber(n)} ${word}${n === 1 ? "" : "s"}`;

/** The four metric cards of docs/product.md#screens, each with the real change behind it (docs/product.md#figures-that-are-real). */
export function metricCards(dashboard: TDashboardAnswer): StatCardProps[] {
  const { metrics, affiliateStats } = dashboard;
  return [
    {
      title: "Today's Revenue",
      value: metrics.todayRevenue,
      ...percentChange(metrics.todayChangePercent, "Nothing earned by this time yesterday"),
      icon: "dollar-sign",
      color: "emerald",
    },
    {
      title: "Monthly Revenue",
      // Only dollar-sign cards format their value; this one shows a calendar.
      value: formatMoney(metrics.monthlyRevenue),
      ...percentChange(metrics.monthlyChangePercent, "Nothing earned by this day last month"),
      icon: "calendar",
      color: "blue",
    },
    {
      title: "Active Domains",
      value: metrics.activeDomains,
      change:
        metrics.newDomainsThisMonth > 0
          ? `+${plural(metrics.newDomainsThisMonth, "domain")} this month`
          : "No new domains this month",
      changeType: metrics.newDomainsThisMonth > 0 ? "positive" : "neutral",
      icon: "globe",
      color: "amber",
    },
    {
      title: "Affiliate Earnings",
      value: formatMoney(metrics.affiliateEarnings),
      change: `This month · ${plural(affiliateStats.activeReferrals, "active referral")}`,
      changeType: "neutral",
      icon: "users",
      color: "purple",
    },
  ];
}
