import { type AnalyticsTier, analyticsTierOf, tierForHistory } from "../../../shared/analytics-plans";
import {
  ANALYTICS_RANGE_DAYS,
  ANALYTICS_RANGES,
  type TAnalyticsAccess,
  type TAnalyticsRange,
} from "../../../shared/api/analytics";
import type { DbOrTx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import { entitlementsOf } from "../entitlements/entitlements.service";

/** The user's analytics tier now (docs/product.md#analytics-plans), from their entitlements. */
export async function analyticsTier(db: DbOrTx, userId: string): Promise<AnalyticsTier> {
  return analyticsTierOf(await entitlementsOf({ db, userId }));
}

/** What the Analytics page may offer: the tier, its history, and the ranges it opens. */
export async function analyticsAccess(db: DbOrTx, userId: string): Promise<TAnalyticsAccess> {
  const tier = await analyticsTier(db, userId);
  return {
    tier: tier.id,
    label: tier.label,
    historyDays: tier.historyDays,
    exports: tier.exports,
    breakdowns: tier.breakdowns,
    ranges: ANALYTICS_RANGES.filter((range) => ANALYTICS_RANGE_DAYS[range] <= tier.historyDays),
  };
}

const planRequired = (message: string) => new AppError("PLAN_REQUIRED", message);

/** What a request asks of the user's analytics plan. */
export interface AnalyticsNeed {
  range: TAnalyticsRange;
  exports?: boolean;
  breakdowns?: boolean;
}

/**
 * Throws 403 `PLAN_REQUIRED` unless the user's tier covers the range's history (and exports or
 * breakdowns when asked); the message names the cheapest plan that would.
 */
export async function assertAnalyticsAccess(db: DbOrTx, userId: string, need: AnalyticsNeed): Promise<void> {
  const tier = await analyticsTier(db, userId);
  const days = ANALYTICS_RANGE_DAYS[need.range];
  if (days > tier.historyDays) {
    const plan = tierForHistory(days);
    throw planRequired(
      `${tier.label} analytics keeps ${tier.historyDays} days of history; ${days} days need the ${plan?.label ?? "Enterprise"} analytics plan.`,
    );
  }
  if (need.exports && !tier.exports) {
    throw planRequired("CSV export needs a premium analytics plan or the Analytics Pro tool.");
  }
  if (need.breakdowns && !tier.breakdowns) {
    throw planRequired("Breakdowns need a premium analytics plan or the Analytics Pro tool.");
  }
}
