import type { TDashboardAnswer } from "@shared/api/revenue";

/** A new account: no earning domain, no revenue this month and nothing done on the account yet. */
export function isEmptyDashboard(dashboard: TDashboardAnswer): boolean {
  return (
    dashboard.metrics.activeDomains === 0 &&
    dashboard.metrics.monthlyRevenue === "0.00" &&
    dashboard.topDomains.length === 0 &&
    dashboard.recentEvents.length === 0
  );
}
