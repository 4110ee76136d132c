/**
 * What each offer of the catalogue is billed as and what a paid order of it grants (docs/money.md#subscriptions-and-entitlements,
 * §16). Monthly offers are subscriptions that renew every month; the others are paid once and
 * grant for ever, or for the duration the buyer chose.
 */

import { MARKETPLACE_LEASE_OFFER } from "./marketplace-deals";
import { PLANS, PRO_CARD, planById } from "./plans";
import {
  ACCOUNT_PLANS,
  API_PLANS,
  LISTING_TYPES,
  MARKETING_TOOLS,
  optionById,
  premiumListingFeature,
  RECRUITMENT_GOALS,
  SECURITY_ADDONS,
  SECURITY_LEVELS,
} from "./prices";

/** The offer keys of `OFFERS` (kept as strings here so that this file needs no offer bodies). */
type Key =
  | "appraisal"
  | "broker"
  | "premiumService"
  | "proUpgrade"
  | "premiumListing"
  | "buyerProtection"
  | "financing"
  | "promotion"
  | "recruitmentIncentive"
  | "trainingCourse"
  | "tierUpgrade"
  | "marketingTools"
  | "premiumAnalytics"
  | "customReports"
  | "competitiveAnalysis"
  | "forecasting"
  | "accountUpgrade"
  | "securityUpgrade"
  | "supportSubscription"
  | "apiAccess";

export type Billing = "monthly" | "one-off";

/** How each offer is billed: docs/product.md#constants's "per month" offers, and security, support and API plans. */
export const OFFER_BILLING: Record<Key, Billing> = {
  appraisal: "one-off",
  broker: "one-off",
  premiumService: "one-off",
  proUpgrade: "monthly",
  premiumListing: "one-off",
  buyerProtection: "one-off",
  financing: "one-off",
  promotion: "one-off",
  recruitmentIncentive: "one-off",
  trainingCourse: "one-off",
  tierUpgrade: "one-off",
  marketingTools: "monthly",
  premiumAnalytics: "monthly",
  customReports: "one-off",
  competitiveAnalysis: "one-off",
  forecasting: "one-off",
  accountUpgrade: "monthly",
  securityUpgrade: "monthly",
  supportSubscription: "monthly",
  apiAccess: "monthly",
};

/** True when the offer (an order's `offer_id`) is a monthly subscription: a lease's instalments are one too. */
export function isMonthly(offerKey: string): boolean {
  if (offerKey === MARKETPLACE_LEASE_OFFER) return true;
  return (OFFER_BILLING as Record<string, Billing | undefined>)[offerKey] === "monthly";
}

/** One thing a paid order lets its buyer use. */
export interface Grant {
  /** The feature key a feature asks about, e.g. "account-plan:business", "api-access". */
  feature: string;
  /** A quantity (API calls a month, months forecast), or null. */
  limit: number | null;
  /** Days a one-off grant lasts, or null for ever (monthly grants last the paid period). */
  days: number | null;
  /** True when the grant is for the order's domain. */
  perDomain: boolean;
}

/** The account-plan features, whose name after the colon is the plan (`users.plan`'s words). */
export const ACCOUNT_PLAN_FEATURE = "account-plan:";

const CALLS: Record<string, number | null> = { "10K": 10_000, "100K": 100_000, "1M": 1_000_000 };

const grant = (feature: string, extra: Partial<Grant> = {}): Grant => ({
  feature,
  limit: null,
  days: null,
  perDomain: false,
  ...extra,
});
const str = (value: unknown) => String(value ?? "");
const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

/** What a paid order of `offerKey` with this request body grants. */
export function grantsOf(offerKey: string, body: Record<string, unknown>): Grant[] {
  const domain = { perDomain: true };
  switch (offerKey as Key) {
    case "appraisal":
      return [grant("appraisal", domain)];
    case "broker":
      return [grant("broker", domain)];
    case "premiumService":
      return [grant(`premium-service:${str(body.serviceType)}`, domain)];
    case "proUpgrade":
      return [
        ...planGrants(PRO_CARD.plan).filter((g) => !g.feature.startsWith("support:")),
        grant(`support:${PRO_CARD.support}`),
      ];
    case "premiumListing":
      return [
        grant(premiumListingFeature(optionById(LISTING_TYPES, str(body.listingType)).id), {
          ...domain,
          days: Number(body.duration),
        }),
      ];
    case "buyerProtection":
      return [grant("buyer-protection", domain)];
    case "financing":
      return [grant("financing", domain)];
    case "promotion":
      return [grant(`promotion:${str(body.promotionType)}`, { ...domain, days: Number(body.duration) })];
    case "recruitmentIncentive":
      return [
        grant("recruitment-bonus", { days: optionById(RECRUITMENT_GOALS, str(body.goal)).durationDays }),
      ];
    case "trainingCourse":
      return [grant(`training-course:${str(body.courseId)}`)];
    case "tierUpgrade":
      return [grant(`affiliate-tier:${str(body.tier)}`)];
    case "marketingTools":
      return list(body.tools)
        .filter((id) => MARKETING_TOOLS.some((t) => t.id === id))
        .map((id) => grant(`marketing-tool:${id}`));
    case "premiumAnalytics":
      return [grant(`premium-analytics:${str(body.plan)}`)];
    case "customReports":
      return [grant(`custom-reports:${str(body.reportType)}`)];
    case "competitiveAnalysis":
      return [grant("competitive-analysis")];
    case "forecasting":
      return [grant("revenue-forecasting", { limit: Number(body.period) })];
    case "accountUpgrade":
      return planGrants(str(body.plan));
    case "securityUpgrade":
      return [
        grant(`security:${optionById(SECURITY_LEVELS, str(body.level)).id}`),
        ...list(body.features)
          .filter((id) => SECURITY_ADDONS.some((a) => a.id === id))
          .map((id) => grant(`security:${id}`)),
      ];
    case "supportSubscription":
      return [grant(`support:${str(body.tier)}`)];
    case "apiAccess":
      return [grant("api-access", { limit: CALLS[optionById(API_PLANS, str(body.plan)).calls] ?? null })];
    default:
      return [];
  }
}

/**
 * What an account plan includes, as entitlements of its subscription (they start, renew and end
 * with it): the plan itself, its support tier, its Enhanced Security add-ons and its API calls.
 */
function planGrants(planId: string): Grant[] {
  const plan = PLANS.some((p) => p.id === planId) ? planById(planId) : null;
  if (!plan) return [grant(`${ACCOUNT_PLAN_FEATURE}${planId}`)];
  return [
    grant(`${ACCOUNT_PLAN_FEATURE}${plan.id}`),
    ...(plan.support === "standard" ? [] : [grant(`support:${plan.support}`)]),
    ...plan.securityAddOns.map((id) => grant(`security:${id}`)),
    ...(plan.apiCalls === null ? [] : [grant("api-access", { limit: plan.apiCalls })]),
  ];
}

/**
 * The account plan a set of entitlements gives (the highest account-plan feature among them), or
 * "free": what Settings, the session and the sidebar show.
 */
export function planOf(granted: readonly { feature: string }[]): string {
  const rank = (plan: string) => ACCOUNT_PLANS.findIndex((p) => p.id === plan);
  const plans = granted
    .filter((e) => e.feature.startsWith(ACCOUNT_PLAN_FEATURE))
    .map((e) => e.feature.slice(ACCOUNT_PLAN_FEATURE.length));
  return plans.sort((a, b) => rank(b) - rank(a))[0] ?? "free";
}
