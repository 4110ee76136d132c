/**
 * Every price, option and business constant of docs/product.md#constants, in one place. Prices are decimal
 * strings in dollars ("29.99"); compute with `shared/money.ts`, never with floats. Import these
 * through `shared/catalog.ts`, which adds the purchase offers built on them.
 */

import { toCents } from "./money";

/** One choice of a purchase option: what is sent (`id`), what is shown (`label`), what it costs. */
export interface PricedOption {
  readonly id: string;
  readonly label: string;
  readonly price: string;
}

/** The ids of a list of options, as a non-empty tuple (for `z.enum`). */
export function optionIds<const T extends readonly { id: string }[]>(options: T) {
  return options.map((o) => o.id) as [T[number]["id"], ...T[number]["id"][]];
}

/** The option with this id; throws when the id is not one of them (callers validate first). */
export function optionById<const T extends readonly { id: string }[]>(options: T, id: string): T[number] {
  const found = options.find((o) => o.id === id);
  if (!found) throw new Error(`Unknown option: ${id}`);
  return found;
}

/** The cheapest option's price, an offer's "From" figure (lists are not all cheapest-first). */
export function lowestPrice(options: readonly PricedOption[]): string {
  return options.reduce((low, o) => (toCents(o.price) < toCents(low) ? o.price : low), options[0].price);
}

// ─── General ────────────────────────────────────────────────────────────────────────────────

/** Payouts: the minimum, the frequencies (weekly by default) and the test payment's defaults. */
export const PAYOUT_MINIMUM = "50.00";
export const PAYOUT_FREQUENCIES = [
  { id: "weekly", label: "Weekly" },
  { id: "monthly", label: "Monthly" },
  { id: "manual", label: "Manual" },
] as const;
export const TEST_PAYMENT = { amount: "100.00", currency: "USD", intent: "capture" } as const;

// ─── Revenue dashboard ──────────────────────────────────────────────────────────────────────

export const GOAL_CATEGORIES = ["total", "parking", "marketplace", "affiliate"] as const;
export const GOAL_TIMEFRAMES = ["weekly", "monthly", "quarterly", "yearly"] as const;
export const DEFAULT_GOAL_TIMEFRAME = "monthly";

/** The Pro plan of the Quick Revenue Actions panel: $49 per month. */
export const PRO_PLAN = { planId: "pro-monthly", label: "Pro", price: "49.00", plan: "pro" } as const;

/** Quick Revenue Actions suggestions: when each shows and what it costs. */
export const REVENUE_SUGGESTIONS = {
  adNetworkUpgrade: { price: "29.99", whenParkingRevenueBelow: "50.00" },
  premiumListing: { price: "49.99", whenActiveDomainsAbove: 5, whenMarketplaceRevenueBelow: "100.00" },
  recruitingBonus: { price: "99.99", whenAffiliateEarningsBelow: "200.00" },
} as const;

// ─── Domains and services ───────────────────────────────────────────────────────────────────

export const AD_NETWORKS = ["adsense", "sedo", "parkingcrew", "namedrive", "bodis"] as const;
export const DEFAULT_AD_NETWORK = "adsense";
export const PARKING_TEMPLATES = ["standard", "premium", "category", "minimal"] as const;
export const DEFAULT_PARKING_TEMPLATE = "standard";

export const APPRAISAL_TYPES = [
  { id: "basic", label: "Basic", price: "29.99", turnaround: "24h" },
  { id: "professional", label: "Professional", price: "99.99", turnaround: "48h" },
  { id: "premium", label: "Premium", price: "199.99", turnaround: "72h" },
  { id: "enterprise", label: "Enterprise", price: "499.99", turnaround: "1 week" },
] as const satisfies readonly (PricedOption & { turnaround: string })[];

/** Broker tiers: the price is the setup fee; the success fee is a share of the sale. */
export const BROKER_TIERS = [
  { id: "standard", label: "Standard", price: "299.99", successFeePercent: 10 },
  { id: "premium", label: "Premium", price: "599.99", successFeePercent: 8 },
  { id: "enterprise", label: "Enterprise", price: "999.99", successFeePercent: 5 },
] as const satisfies readonly (PricedOption & { successFeePercent: number })[];

export const SALE_TIMELINES = [
  { id: "1-3months", label: "1-3 months" },
  { id: "3-6months", label: "3-6 months" },
  { id: "6-12months", label: "6-12 months" },
  { id: "12+months", label: "12+ months" },
] as const;
export const DEFAULT_SALE_TIMELINE = "3-6months";

export const PREMIUM_SERVICES = [
  { id: "seo_optimization", label: "SEO Optimization", price: "149.99" },
  { id: "backlink_building", label: "Backlink Building", price: "299.99" },
  { id: "brand_development", label: "Brand Development", price: "499.99" },
  { id: "traffic_boost", label: "Traffic Boost", price: "199.99" },
] as const satisfies readonly PricedOption[];

// ─── Marketplace ────────────────────────────────────────────────────────────────────────────

/**
 * Premium listing tiers, priced per month, each placed above the tier before it in every order
 * of the marketplace (`rank`) and shown in more places (`places`) for the days bought
 * (docs/marketplace.md#featured-listings-and-promotions).
 */
export const LISTING_TYPES = [
  {
    id: "featured",
    label: "Featured",
    price: "49.99",
    rank: 1,
    places: ["Featured badge", "Search boost: above every unpromoted listing in marketplace search"],
  },
  {
    id: "premium",
    label: "Premium",
    price: "99.99",
    rank: 2,
    places: ["Featured badge", "Category top: above Featured listings in search and in its TLD's listings"],
  },
  {
    id: "exclusive",
    label: "Exclusive",
    price: "199.99",
    rank: 3,
    places: [
      "Featured badge",
      "Above Premium and Featured listings in search and its TLD",
      "Homepage: on the front of the public storefront (/listings)",
    ],
  },
  {
    id: "enterprise",
    label: "Enterprise",
    price: "499.99",
    rank: 4,
    places: [
      "Featured badge",
      "First of all listings in search and its TLD",
      "Homepage: on the front of the public storefront (/listings)",
      "Newsletter: in the weekly listings email to every opted-in buyer",
    ],
  },
] as const satisfies readonly (PricedOption & { rank: number; places: readonly string[] })[];

/** The entitlement a paid Premium Listing grants for its days: one per tier. */
export const premiumListingFeature = (tier: string) => `premium-listing:${tier}`;
export const DEFAULT_LISTING_TYPE = "featured";

/** Durations in days for premium listings and promotions. */
export const LISTING_DURATIONS = [
  { id: "7", label: "7 days", days: 7 },
  { id: "30", label: "30 days", days: 30 },
  { id: "60", label: "60 days", days: 60 },
  { id: "90", label: "90 days", days: 90 },
] as const;
export const DEFAULT_LISTING_DURATION = "30";

/**
 * A premium listing's price for the days bought: the tier's monthly rate for every 30 days,
 * pro rata, rounded to the cent (7 days of Featured cost 49.99 × 7 / 30 = 11.66).
 */
export function premiumListingPrice(listingType: string, days: string | number): string {
  const monthly = LISTING_TYPES.find((o) => o.id === listingType)?.price ?? LISTING_TYPES[0].price;
  const [whole, cents] = monthly.split(".");
  const total = Math.round(((Number(whole) * 100 + Number(cents)) * Number(days)) / 30);
  return `${Math.floor(total / 100)}.${String(total % 100).padStart(2, "0")}`;
}

export const PROTECTION_LEVELS = [
  { id: "standard", label: "Standard", price: "99.99" },
  { id: "premium", label: "Premium", price: "199.99" },
  { id: "enterprise", label: "Enterprise", price: "399.99" },
] as const satisfies readonly PricedOption[];
export const DEFAULT_PROTECTION_LEVEL = "standard";

/** Financing: the setup fee by term in months, and the APR buyers get. */
export const FINANCING_TERMS = [
  { id: "12", label: "12 months", price: "299.99", months: 12, aprPercent: 5 },
  { id: "24", label: "24 months", price: "399.99", months: 24, aprPercent: 6 },
  { id: "36", label: "36 months", price: "499.99", months: 36, aprPercent: 7 },
  { id: "48", label: "48 months", price: "599.99", months: 48, aprPercent: 8 },
] as const satisfies readonly (PricedOption & { months: number; aprPercent: number })[];
export const DEFAULT_FINANCING_TERM = "12";

export const PROMOTION_TYPES = [
  { id: "homepage", label: "Homepage", price: "199.99" },
  { id: "newsletter", label: "Newsletter", price: "149.99" },
  { id: "social", label: "Social", price: "99.99" },
  { id: "premium", label: "Premium", price: "299.99" },
] as const satisfies readonly PricedOption[];
export const DEFAULT_PROMOTION_TYPE = "homepage";

// ─── Affiliates ─────────────────────────────────────────────────────────────────────────────

/** Commission percent by affiliate level. */
export const AFFILIATE_LEVELS = [
  { level: 1, commissionPercent: 5 },
  { level: 2, commissionPercent: 7 },
  { level: 3, commissionPercent: 10 },
] as const;

/** Recruitment goals: recruits to reach, the bonus paid (the price) and the campaign length. */
export const RECRUITMENT_GOALS = [
  { id: "10", label: "10 recruits", recruits: 10, price: "500.00", durationDays: 30 },
  { id: "25", label: "25 recruits", recruits: 25, price: "1250.00", durationDays: 60 },
  { id: "50", label: "50 recruits", recruits: 50, price: "2500.00", durationDays: 90 },
  { id: "100", label: "100 recruits", recruits: 100, price: "5000.00", durationDays: 120 },
] as const satisfies readonly (PricedOption & { recruits: number; durationDays: number })[];

export const TRAINING_COURSES = [
  { id: "affiliate-mastery", label: "Affiliate Mastery", price: "297.00" },
  { id: "advanced-strategies", label: "Advanced Strategies", price: "497.00" },
  { id: "conversion-optimization", label: "Conversion Optimization", price: "397.00" },
  { id: "social-media-mastery", label: "Social Media Mastery", price: "197.00" },
  { id: "email-marketing", label: "Email Marketing", price: "247.00" },
] as const satisfies readonly PricedOption[];

/** One-off tier upgrades and the commission each tier earns. */
export const AFFILIATE_TIERS = [
  { id: "silver", label: "Silver", price: "99.00", commissionPercent: 10 },
  { id: "gold", label: "Gold", price: "299.00", commissionPercent: 15 },
  { id: "platinum", label: "Platinum", price: "599.00", commissionPercent: 20 },
  { id: "diamond", label: "Diamond", price: "999.00", commissionPercent: 25 },
] as const satisfies readonly (PricedOption & { commissionPercent: number })[];

/** Marketing tools, priced per month; the total is the sum of the chosen. */
export const MARKETING_TOOLS = [
  { id: "landing-page-builder", label: "Landing Page Builder", price: "49.00" },
  { id: "email-automation", label: "Email Automation", price: "79.00" },
  { id: "social-scheduler", label: "Social Scheduler", price: "39.00" },
  { id: "analytics-pro", label: "Analytics Pro", price: "99.00" },
  { id: "split-testing", label: "Split Testing", price: "69.00" },
  { id: "creative-assets", label: "Creative Assets", price: "29.00" },
] as const satisfies readonly PricedOption[];

// ─── Analytics ──────────────────────────────────────────────────────────────────────────────

/** Premium analytics plans, per month. */
export const ANALYTICS_PLANS = [
  { id: "pro", label: "Pro", price: "97.00" },
  { id: "business", label: "Business", price: "197.00" },
  { id: "enterprise", label: "Enterprise", price: "497.00" },
] as const satisfies readonly PricedOption[];
export const DEFAULT_ANALYTICS_PLAN = "pro";

export const REPORT_TYPES = [
  { id: "basic", label: "Basic", price: "49.00" },
  { id: "comprehensive", label: "Comprehensive", price: "149.00" },
  { id: "enterprise", label: "Enterprise", price: "299.00" },
  { id: "custom", label: "Custom", price: "599.00" },
] as const satisfies readonly PricedOption[];
export const DEFAULT_REPORT_TYPE = "comprehensive";

/** Competitive analysis: a base price plus a price per non-blank competitor line. */
export const COMPETITIVE_ANALYSIS = {
  basePrice: "199.00",
  perCompetitor: "29.00",
  maxCompetitors: 50,
} as const;

export const FORECAST_PERIODS = [
  { id: "6", label: "6 months", months: 6, price: "149.00" },
  { id: "12", label: "12 months", months: 12, price: "249.00" },
  { id: "24", label: "24 months", months: 24, price: "399.00" },
  { id: "36", label: "36 months", months: 36, price: "549.00" },
] as const satisfies readonly (PricedOption & { months: number })[];
export const DEFAULT_FORECAST_PERIOD = "12";

// ─── Settings ───────────────────────────────────────────────────────────────────────────────

/** Account plans, per month; buying one sets the account's plan. */
export const ACCOUNT_PLANS = [
  { id: "pro", label: "Pro", price: "29.00" },
  { id: "business", label: "Business", price: "79.00" },
  { id: "enterprise", label: "Enterprise", price: "199.00" },
  { id: "ultimate", label: "Ultimate", price: "399.00" },
] as const satisfies readonly PricedOption[];
export const DEFAULT_ACCOUNT_PLAN = "pro";

/** Security: a level plus any add-ons, all per month. */
export const SECURITY_LEVELS = [
  { id: "basic", label: "Basic", price: "19.00" },
  { id: "advanced", label: "Advanced", price: "49.00" },
  { id: "enterprise", label: "Enterprise", price: "99.00" },
] as const satisfies readonly PricedOption[];
export const DEFAULT_SECURITY_LEVEL = "advanced";

/**
 * What every Enhanced Security level delivers that a free account does not have, Basic alone
 * included (docs/security.md#accounts-and-sign-in): the offer's card and dialog say it.
 */
export const SECURITY_LEVEL_INCLUDES =
  "Every level emails you each sign-in from a new device or country, and a weekly security summary of your sign-ins, sessions and changes.";

/** How far back each level keeps the account's audit log readable (a free account: 90 days). */
export const SECURITY_LEVEL_AUDIT_HISTORY: Record<(typeof SECURITY_LEVELS)[number]["id"], string> = {
  basic: "90 days",
  advanced: "1 year",
  enterprise: "7 years",
};

export const SECURITY_ADDONS = [
  { id: "2fa-premium", label: "Premium 2FA", price: "9.00" },
  { id: "biometric", label: "Biometric Login", price: "19.00" },
  { id: "device-management", label: "Device Management", price: "14.00" },
  { id: "audit-logs", label: "Audit Logs", price: "24.00" },
  { id: "threat-monitoring", label: "Threat Monitoring", price: "34.00" },
  { id: "incident-response", label: "Incident Response", price: "44.00" },
] as const satisfies readonly PricedOption[];

export const SUPPORT_TIERS = [
  { id: "priority", label: "Priority", price: "39.00" },
  { id: "premium", label: "Premium", price: "89.00" },
  { id: "vip", label: "VIP", price: "179.00" },
  { id: "white-glove", label: "White Glove", price: "399.00" },
] as const satisfies readonly PricedOption[];
export const DEFAULT_SUPPORT_TIER = "priority";

/** API plans, per month, with their monthly call allowance. */
export const API_PLANS = [
  { id: "developer", label: "Developer", price: "49.00", calls: "10K" },
  { id: "professional", label: "Professional", price: "149.00", calls: "100K" },
  { id: "enterprise", label: "Enterprise", price: "399.00", calls: "1M" },
  { id: "unlimited", label: "Unlimited", price: "999.00", calls: "Unlimited" },
] as const satisfies readonly (PricedOption & { calls: string })[];
export const DEFAULT_API_PLAN = "developer";
