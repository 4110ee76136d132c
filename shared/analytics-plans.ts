/**
 * What each analytics plan unlocks (docs/product.md#analytics-plans). The comparison table on the
 * Analytics page is drawn from `ANALYTICS_TIERS`, and the server asks `analyticsAccessOf` before
 * it answers a range, an export or a breakdown, so the page and the API cannot disagree.
 */
import { ANALYTICS_PLANS, MARKETING_TOOLS } from "./prices";

/** The entitlement feature of a premium analytics plan, e.g. "premium-analytics:business". */
export const ANALYTICS_PLAN_FEATURE = "premium-analytics:";
/** The Analytics Pro marketing tool's entitlement: breakdowns and exports on the free history. */
export const ANALYTICS_PRO_TOOL_FEATURE = "marketing-tool:analytics-pro";

export type TAnalyticsTierId = "free" | "analytics-pro" | (typeof ANALYTICS_PLANS)[number]["id"];

/** One column of the comparison table. */
export interface AnalyticsTier {
  readonly id: TAnalyticsTierId;
  readonly label: string;
  /** Days of history a range may reach back, today included. */
  readonly historyDays: number;
  /** CSV export of the daily series and of every breakdown. */
  readonly exports: boolean;
  /** Per-domain RPM/CTR/EPC, visitors by country and referrer, lead conversion, 12-month summary. */
  readonly breakdowns: boolean;
  /** The price per month, a decimal string; null for free. */
  readonly price: string | null;
}

const planPrice = (id: string) => ANALYTICS_PLANS.find((p) => p.id === id)?.price ?? null;
const toolPrice = MARKETING_TOOLS.find((t) => t.id === "analytics-pro")?.price ?? null;

/** Every tier, from least to most: free, the Analytics Pro marketing tool, then the three plans. */
export const ANALYTICS_TIERS: readonly AnalyticsTier[] = [
  { id: "free", label: "Free", historyDays: 7, exports: false, breakdowns: false, price: null },
  {
    id: "analytics-pro",
    label: "Analytics Pro tool",
    historyDays: 7,
    exports: true,
    breakdowns: true,
    price: toolPrice,
  },
  { id: "pro", label: "Pro", historyDays: 90, exports: true, breakdowns: true, price: planPrice("pro") },
  {
    id: "business",
    label: "Business",
    historyDays: 365,
    exports: true,
    breakdowns: true,
    price: planPrice("business"),
  },
  {
    id: "enterprise",
    label: "Enterprise",
    historyDays: 730,
    exports: true,
    breakdowns: true,
    price: planPrice("enterprise"),
  },
];

/** The tier a set of entitlements gives: the highest one held (free when none). */
export function analyticsTierOf(granted: readonly { feature: string }[]): AnalyticsTier {
  const held = new Set(granted.map((e) => e.feature));
  const tiers = [...ANALYTICS_TIERS].reverse();
  return (
    tiers.find((tier) =>
      tier.id === "free"
        ? true
        : tier.id === "analytics-pro"
          ? held.has(ANALYTICS_PRO_TOOL_FEATURE)
          : held.has(`${ANALYTICS_PLAN_FEATURE}${tier.id}`),
    ) ?? ANALYTICS_TIERS[0]
  );
}

/** The cheapest tier that covers `days` of history (for the refusal's "needs the … plan"). */
export function tierForHistory(days: number): AnalyticsTier | undefined {
  return ANALYTICS_TIERS.find(
    (tier) => tier.price !== null && tier.historyDays >= days && tier.id !== "analytics-pro",
  );
}
