/**
 * The catalogue: every purchase path of docs/product.md#the-calls as one offer (path, body schema, price, service
 * type, description, toasts), built on the prices of docs/product.md#constants (`./prices`, re-exported here so
 * that this file is the one place to read a price from). The server registers every offer's
 * path in one loop and recomputes the price; the client's dialogs read options and prices here.
 */
import { z } from "zod";
import { centsToDecimal, isDecimalAmount, toCents } from "./money";
import {
  ACCOUNT_PLANS,
  AFFILIATE_TIERS,
  ANALYTICS_PLANS,
  API_PLANS,
  APPRAISAL_TYPES,
  BROKER_TIERS,
  COMPETITIVE_ANALYSIS,
  FINANCING_TERMS,
  FORECAST_PERIODS,
  LISTING_DURATIONS,
  LISTING_TYPES,
  MARKETING_TOOLS,
  optionById,
  optionIds,
  PREMIUM_SERVICES,
  PRO_PLAN,
  PROMOTION_TYPES,
  PROTECTION_LEVELS,
  premiumListingPrice,
  RECRUITMENT_GOALS,
  REPORT_TYPES,
  SALE_TIMELINES,
  SECURITY_ADDONS,
  SECURITY_LEVELS,
  SUPPORT_TIERS,
  TRAINING_COURSES,
} from "./prices";

export * from "./offer-grants";
export * from "./prices";

// ─── Field schemas ──────────────────────────────────────────────────────────────────────────

/** A price as the client sends it (number or decimal string), kept as the exact decimal text. */
export const ZPriceField = z
  .union([z.string().trim(), z.number()])
  .transform(String)
  .pipe(z.string().refine(isDecimalAmount, "Price must be an amount in dollars and cents"));

const ZDomainId = z.uuid("Please select a domain");

const choice = <const T extends readonly { id: string }[]>(options: T) => z.enum(optionIds(options));

/** An option whose id is a number of days or months: accepted as a number or its text. */
const numericChoice = <const T extends readonly { id: string }[]>(options: T) =>
  z
    .union([z.string().trim(), z.number()])
    .transform(String)
    .pipe(z.enum(optionIds(options)));

const distinct = (values: readonly string[]) => new Set(values).size === values.length;

/** The non-blank lines of the competitive-analysis text: one competitor each. */
export function competitorLines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

const sumCents = (prices: readonly string[]) => prices.reduce((total, p) => total + toCents(p), 0);

// ─── Offer shape ────────────────────────────────────────────────────────────────────────────

/** A toast's wording. The success one is shown once the order is paid, never before. */
export interface OfferToast {
  title: string;
  description: string;
}

type BodySchema = z.ZodType<Record<string, unknown>>;

/** What the server needs of a parsed body, whatever the offer. */
export interface OfferQuote {
  body: Record<string, unknown>;
  /** The catalogue price, decimal string. */
  price: string;
  /** The price the client sent, or null for offers whose body carries none. */
  sentPrice: string | null;
  serviceType: string;
  domainId: string | null;
  /** The account plan a paid order sets (`users.plan`), or null. */
  accountPlan: string | null;
  describe(domainName: string | null): string;
}

/** One purchase path of docs/product.md#the-calls. */
export interface Offer<S extends BodySchema = BodySchema> {
  /** The full request path, e.g. "/api/domain-services/appraisal". */
  path: string;
  /** The request body, fields exactly as docs/product.md#the-calls. */
  body: S;
  /** The body's price field, or null when the offer's body carries no price (Pro upgrade). */
  priceField: (keyof z.output<S> & string) | null;
  /** The price in dollars, computed in integer cents. */
  price(body: z.output<S>): string;
  serviceType(body: z.output<S>): string;
  description(body: z.output<S>, domainName: string | null): string;
  /** True when the body names one of the user's domains (`domainId`). */
  referencesDomain: boolean;
  /** True for domain services: a domain service record is created with the order. */
  createsDomainService: boolean;
  /** The account plan a paid order sets, for plan offers. */
  accountPlan?(body: z.output<S>): string;
  toasts: { success: OfferToast; failure: OfferToast };
  /** Parses a raw body (throws ZodError) and prices it. */
  quote(input: unknown): OfferQuote;
}

type OfferDefinition<S extends BodySchema> = Omit<Offer<S>, "quote">;

function defineOffer<S extends BodySchema>(definition: OfferDefinition<S>): Offer<S> {
  return {
    ...definition,
    quote(input) {
      const body = definition.body.parse(input);
      const domainId = definition.referencesDomain ? String(body.domainId) : null;
      return {
        body,
        price: definition.price(body),
        sentPrice: definition.priceField ? String(body[definition.priceField]) : null,
        serviceType: definition.serviceType(body),
        domainId,
        accountPlan: definition.accountPlan?.(body) ?? null,
        describe: (domainName) => definition.description(body, domainName),
      };
    },
  };
}

const failure = (title: string, what: string): OfferToast => ({
  title,
  description: `Failed to ${what}. Please try again.`,
});
const PAID_AND_ACTIVE = "Your payment is complete and it is active on your account.";
const named = (domainName: string | null) => domainName ?? "your domain";

/** What the custom report must answer, in the buyer's words: its analysts build it to this brief. */
export const ZCustomReportBrief = z
  .string()
  .trim()
  .min(20, "Say what the report should answer, in at least 20 characters.")
  .max(5_000, "At most 5,000 characters.");

// ─── The offers ─────────────────────────────────────────────────────────────────────────────

/** Every purchase path, keyed by offer; `OFFERS[key].path` is what the client posts to. */
export const OFFERS = {
  appraisal: defineOffer({
    path: "/api/domain-services/appraisal",
    body: z.object({ type: choice(APPRAISAL_TYPES), price: ZPriceField, domainId: ZDomainId }),
    priceField: "price",
    price: (b) => optionById(APPRAISAL_TYPES, b.type).price,
    serviceType: (b) => `${b.type}_appraisal`,
    description: (b, domain) => {
      const o = optionById(APPRAISAL_TYPES, b.type);
      return `${o.label} appraisal of ${named(domain)} (${o.turnaround} turnaround)`;
    },
    referencesDomain: true,
    createsDomainService: true,
    toasts: {
      success: {
        title: "Appraisal Ordered!",
        description: "Your appraisal will be completed within 24-48 hours.",
      },
      failure: failure("Order Failed", "order appraisal"),
    },
  }),
  broker: defineOffer({
    path: "/api/domain-services/broker",
    body: z.object({
      serviceType: choice(BROKER_TIERS),
      price: ZPriceField,
      domainId: ZDomainId,
      expectedPrice: z
        .union([z.string().trim(), z.number()])
        .transform(String)
        .pipe(z.string().refine((v) => v === "" || isDecimalAmount(v), "Expected price must be an amount"))
        .optional(),
      timeline: choice(SALE_TIMELINES),
      notes: z.string().trim().max(2000).optional(),
    }),
    priceField: "price",
    price: (b) => optionById(BROKER_TIERS, b.serviceType).price,
    serviceType: (b) => `${b.serviceType}_broker`,
    description: (b, domain) => {
      const o = optionById(BROKER_TIERS, b.serviceType);
      const timeline = optionById(SALE_TIMELINES, b.timeline).label;
      return `${o.label} broker service for ${named(domain)}: ${o.successFeePercent}% success fee, sale within ${timeline}`;
    },
    referencesDomain: true,
    createsDomainService: true,
    toasts: {
      success: {
        title: "Broker Service Activated!",
        description: "Our broker team will contact you within 24 hours.",
      },
      failure: failure("Service Failed", "activate broker service"),
    },
  }),
  premiumService: defineOffer({
    path: "/api/domain-services/premium",
    body: z.object({ serviceType: choice(PREMIUM_SERVICES), price: ZPriceField, domainId: ZDomainId }),
    priceField: "price",
    price: (b) => optionById(PREMIUM_SERVICES, b.serviceType).price,
    serviceType: (b) => b.serviceType,
    description: (b, domain) => `${optionById(PREMIUM_SERVICES, b.serviceType).label} for ${named(domain)}`,
    referencesDomain: true,
    createsDomainService: true,
    toasts: {
      success: { title: "Premium Service Activated!", description: PAID_AND_ACTIVE },
      failure: failure("Activation Failed", "activate premium service"),
    },
  }),
  proUpgrade: defineOffer({
    path: "/api/subscriptions/upgrade",
    body: z.object({ planId: z.literal(PRO_PLAN.planId) }),
    priceField: null,
    price: () => PRO_PLAN.price,
    serviceType: () => "pro_upgrade",
    description: () => `${PRO_PLAN.label} plan with Priority support, $49 per month`,
    referencesDomain: false,
    createsDomainService: false,
    accountPlan: () => PRO_PLAN.plan,
    toasts: {
      success: { title: "Upgrade Successful!", description: "Your payment is complete: Pro is unlocked." },
      failure: { title: "Upgrade Failed", description: "Please check your payment method and try again." },
    },
  }),
  premiumListing: defineOffer({
    path: "/api/marketplace/premium-listing",
    body: z.object({
      domainId: ZDomainId,
      listingType: choice(LISTING_TYPES),
      price: ZPriceField,
      duration: numericChoice(LISTING_DURATIONS),
    }),
    priceField: "price",
    price: (b) => premiumListingPrice(b.listingType, b.duration),
    serviceType: () => "premium_listing",
    description: (b, domain) =>
      `${optionById(LISTING_TYPES, b.listingType).label} listing of ${named(domain)} for ${b.duration} days`,
    referencesDomain: true,
    createsDomainService: false,
    toasts: {
      success: { title: "Premium Listing Activated!", description: PAID_AND_ACTIVE },
      failure: failure("Purchase Failed", "activate premium listing"),
    },
  }),
  buyerProtection: defineOffer({
    path: "/api/marketplace/buyer-protection",
    body: z.object({ domainId: ZDomainId, protectionLevel: choice(PROTECTION_LEVELS), price: ZPriceField }),
    priceField: "price",
    price: (b) => optionById(PROTECTION_LEVELS, b.protectionLevel).price,
    serviceType: () => "buyer_protection",
    description: (b, domain) =>
      `${optionById(PROTECTION_LEVELS, b.protectionLevel).label} buyer protection for ${named(domain)}`,
    referencesDomain: true,
    createsDomainService: false,
    toasts: {
      success: { title: "Buyer Protection Activated!", description: PAID_AND_ACTIVE },
      failure: failure("Activation Failed", "activate buyer protection"),
    },
  }),
  financing: defineOffer({
    path: "/api/marketplace/financing",
    body: z.object({ domainId: ZDomainId, terms: numericChoice(FINANCING_TERMS), setupFee: ZPriceField }),
    priceField: "setupFee",
    price: (b) => optionById(FINANCING_TERMS, b.terms).price,
    serviceType: () => "financing_setup",
    description: (b, domain) => {
      const o = optionById(FINANCING_TERMS, b.terms);
      return `Buyer financing for ${named(domain)}: ${o.months}-month terms at ${o.aprPercent}% APR`;
    },
    referencesDomain: true,
    createsDomainService: false,
    toasts: {
      success: { title: "Financing Setup Complete!", description: PAID_AND_ACTIVE },
      failure: failure("Setup Failed", "setup financing options"),
    },
  }),
  promotion: defineOffer({
    path: "/api/marketplace/promotion",
    body: z.object({
      domainId: ZDomainId,
      promotionType: choice(PROMOTION_TYPES),
      price: ZPriceField,
      duration: numericChoice(LISTING_DURATIONS),
    }),
    priceField: "price",
    price: (b) => optionById(PROMOTION_TYPES, b.promotionType).price,
    serviceType: () => "promotion",
    description: (b, domain) =>
      `${optionById(PROMOTION_TYPES, b.promotionType).label} promotion of ${named(domain)} for ${b.duration} days`,
    referencesDomain: true,
    createsDomainService: false,
    toasts: {
      success: { title: "Promotion Activated!", description: PAID_AND_ACTIVE },
      failure: failure("Promotion Failed", "activate promotion"),
    },
  }),
  recruitmentIncentive: defineOffer({
    path: "/api/affiliates/recruitment-incentive",
    body: z
      .object({
        goal: numericChoice(RECRUITMENT_GOALS),
        bonusAmount: ZPriceField,
        duration: z.union([z.string().trim(), z.number()]).transform(String),
      })
      .refine((b) => optionById(RECRUITMENT_GOALS, b.goal).durationDays === Number(b.duration), {
        message: "Duration does not match the recruitment goal",
        path: ["duration"],
      }),
    priceField: "bonusAmount",
    price: (b) => optionById(RECRUITMENT_GOALS, b.goal).price,
    serviceType: () => "recruitment_incentive",
    description: (b) => {
      const o = optionById(RECRUITMENT_GOALS, b.goal);
      return `Recruitment bonus for ${o.recruits} new affiliates within ${o.durationDays} days`;
    },
    referencesDomain: false,
    createsDomainService: false,
    toasts: {
      success: { title: "Recruitment Incentive Activated!", description: PAID_AND_ACTIVE },
      failure: failure("Activation Failed", "activate recruitment incentive"),
    },
  }),
  trainingCourse: defineOffer({
    path: "/api/affiliates/training-course",
    body: z.object({ courseId: choice(TRAINING_COURSES), price: ZPriceField }),
    priceField: "price",
    price: (b) => optionById(TRAINING_COURSES, b.courseId).price,
    serviceType: () => "training_course",
    description: (b) => `${optionById(TRAINING_COURSES, b.courseId).label} training course`,
    referencesDomain: false,
    createsDomainService: false,
    toasts: {
      success: {
        title: "Course Purchased!",
        description: "Your payment is complete: the course is yours for life.",
      },
      failure: failure("Purchase Failed", "purchase training course"),
    },
  }),
  tierUpgrade: defineOffer({
    path: "/api/affiliates/tier-upgrade",
    body: z.object({ tier: choice(AFFILIATE_TIERS), price: ZPriceField }),
    priceField: "price",
    price: (b) => optionById(AFFILIATE_TIERS, b.tier).price,
    serviceType: () => "tier_upgrade",
    description: (b) => {
      const o = optionById(AFFILIATE_TIERS, b.tier);
      return `${o.label} affiliate tier (${o.commissionPercent}% commission)`;
    },
    referencesDomain: false,
    createsDomainService: false,
    toasts: {
      success: { title: "Tier Upgraded!", description: PAID_AND_ACTIVE },
      failure: failure("Upgrade Failed", "upgrade tier"),
    },
  }),
  marketingTools: defineOffer({
    path: "/api/affiliates/marketing-tools",
    body: z.object({
      tools: z
        .array(choice(MARKETING_TOOLS))
        .min(1, "Select at least one tool")
        .refine(distinct, "Each tool can be chosen once"),
      totalPrice: ZPriceField,
    }),
    priceField: "totalPrice",
    price: (b) => centsToDecimal(sumCents(b.tools.map((id) => optionById(MARKETING_TOOLS, id).price))),
    serviceType: () => "marketing_tools",
    description: (b) =>
      `Marketing tools: ${b.tools.map((id) => optionById(MARKETING_TOOLS, id).label).join(", ")}`,
    referencesDomain: false,
    createsDomainService: false,
    toasts: {
      success: { title: "Marketing Tools Activated!", description: PAID_AND_ACTIVE },
      failure: failure("Purchase Failed", "activate marketing tools"),
    },
  }),
  premiumAnalytics: defineOffer({
    path: "/api/analytics/premium",
    body: z.object({ plan: choice(ANALYTICS_PLANS), price: ZPriceField }),
    priceField: "price",
    price: (b) => optionById(ANALYTICS_PLANS, b.plan).price,
    serviceType: () => "premium_analytics",
    description: (b) => `${optionById(ANALYTICS_PLANS, b.plan).label} premium analytics plan`,
    referencesDomain: false,
    createsDomainService: false,
    toasts: {
      success: { title: "Premium Analytics Activated!", description: PAID_AND_ACTIVE },
      failure: failure("Upgrade Failed", "activate premium analytics"),
    },
  }),
  customReports: defineOffer({
    path: "/api/analytics/reports",
    // The custom tier is built to the buyer's brief, asked at purchase and carried by its work order.
    body: z
      .object({ reportType: choice(REPORT_TYPES), price: ZPriceField, brief: z.string().optional() })
      .superRefine((b, ctx) => {
        if (b.reportType !== "custom") return;
        const brief = ZCustomReportBrief.safeParse(b.brief ?? "");
        if (!brief.success)
          ctx.addIssue({ code: "custom", path: ["brief"], message: brief.error.issues[0].message });
      })
      .transform(({ brief, ...b }) =>
        b.reportType === "custom" ? { ...b, brief: (brief ?? "").trim() } : b,
      ),
    priceField: "price",
    price: (b) => optionById(REPORT_TYPES, b.reportType).price,
    serviceType: () => "custom_reports",
    description: (b) => `${optionById(REPORT_TYPES, b.reportType).label} custom reports`,
    referencesDomain: false,
    createsDomainService: false,
    toasts: {
      success: { title: "Custom Reports Activated!", description: PAID_AND_ACTIVE },
      failure: failure("Activation Failed", "activate custom reports"),
    },
  }),
  competitiveAnalysis: defineOffer({
    path: "/api/analytics/competitive",
    body: z.object({
      competitors: z
        .string()
        .max(5000, "The competitor list is too long")
        .refine((text) => competitorLines(text).length > 0, "Enter at least one competitor")
        .refine(
          (text) => competitorLines(text).length <= COMPETITIVE_ANALYSIS.maxCompetitors,
          `At most ${COMPETITIVE_ANALYSIS.maxCompetitors} competitors`,
        ),
      price: ZPriceField,
    }),
    priceField: "price",
    price: (b) =>
      centsToDecimal(
        toCents(COMPETITIVE_ANALYSIS.basePrice) +
          toCents(COMPETITIVE_ANALYSIS.perCompetitor) * competitorLines(b.competitors).length,
      ),
    serviceType: () => "competitive_analysis",
    description: (b) => {
      const count = competitorLines(b.competitors).length;
      return `Competitive analysis of ${count} competitor${count === 1 ? "" : "s"}`;
    },
    referencesDomain: false,
    createsDomainService: false,
    toasts: {
      success: { title: "Competitive Analysis Activated!", description: PAID_AND_ACTIVE },
      failure: failure("Activation Failed", "activate competitive analysis"),
    },
  }),
  forecasting: defineOffer({
    path: "/api/analytics/forecasting",
    body: z.object({ period: numericChoice(FORECAST_PERIODS), price: ZPriceField }),
    priceField: "price",
    price: (b) => optionById(FORECAST_PERIODS, b.period).price,
    serviceType: () => "revenue_forecasting",
    description: (b) =>
      `Revenue forecasting for the next ${optionById(FORECAST_PERIODS, b.period).months} months`,
    referencesDomain: false,
    createsDomainService: false,
    toasts: {
      success: { title: "Revenue Forecasting Activated!", description: PAID_AND_ACTIVE },
      failure: failure("Activation Failed", "activate revenue forecasting"),
    },
  }),
  accountUpgrade: defineOffer({
    path: "/api/settings/account-upgrade",
    body: z.object({ plan: choice(ACCOUNT_PLANS), price: ZPriceField }),
    priceField: "price",
    price: (b) => optionById(ACCOUNT_PLANS, b.plan).price,
    serviceType: () => "account_upgrade",
    description: (b) => `${optionById(ACCOUNT_PLANS, b.plan).label} account plan`,
    referencesDomain: false,
    createsDomainService: false,
    accountPlan: (b) => b.plan,
    toasts: {
      success: {
        title: "Account Upgraded!",
        description: "Your payment is complete: your new plan is active.",
      },
      failure: failure("Upgrade Failed", "upgrade account"),
    },
  }),
  securityUpgrade: defineOffer({
    path: "/api/settings/security-upgrade",
    // Any level is sold alone or with add-ons: every level brings sign-in alerts and the weekly
    // security summary (SECURITY_LEVEL_INCLUDES), which a free account does not have.
    body: z.object({
      features: z.array(choice(SECURITY_ADDONS)).refine(distinct, "Each feature can be chosen once"),
      level: choice(SECURITY_LEVELS),
      price: ZPriceField,
    }),
    priceField: "price",
    price: (b) =>
      centsToDecimal(
        toCents(optionById(SECURITY_LEVELS, b.level).price) +
          sumCents(b.features.map((id) => optionById(SECURITY_ADDONS, id).price)),
      ),
    serviceType: () => "security_upgrade",
    description: (b) => {
      const level = `${optionById(SECURITY_LEVELS, b.level).label} security`;
      const addons = b.features.map((id) => optionById(SECURITY_ADDONS, id).label);
      return addons.length ? `${level} with ${addons.join(", ")}` : level;
    },
    referencesDomain: false,
    createsDomainService: false,
    toasts: {
      success: { title: "Security Enhanced!", description: PAID_AND_ACTIVE },
      failure: {
        title: "Upgrade Failed",
        description: "Failed to enhance security features. Please try again.",
      },
    },
  }),
  supportSubscription: defineOffer({
    path: "/api/settings/support-subscription",
    body: z.object({ tier: choice(SUPPORT_TIERS), price: ZPriceField }),
    priceField: "price",
    price: (b) => optionById(SUPPORT_TIERS, b.tier).price,
    serviceType: () => "support_subscription",
    description: (b) => `${optionById(SUPPORT_TIERS, b.tier).label} support subscription`,
    referencesDomain: false,
    createsDomainService: false,
    toasts: {
      success: { title: "Support Subscription Activated!", description: PAID_AND_ACTIVE },
      failure: failure("Activation Failed", "activate support subscription"),
    },
  }),
  apiAccess: defineOffer({
    path: "/api/settings/api-access",
    body: z.object({ plan: choice(API_PLANS), price: ZPriceField }),
    priceField: "price",
    price: (b) => optionById(API_PLANS, b.plan).price,
    serviceType: () => "api_access",
    description: (b) => {
      const o = optionById(API_PLANS, b.plan);
      return `${o.label} API access (${o.calls} calls per month)`;
    },
    referencesDomain: false,
    createsDomainService: false,
    toasts: {
      success: { title: "API Access Activated!", description: PAID_AND_ACTIVE },
      failure: failure("Activation Failed", "activate API access"),
    },
  }),
};

/** The key of one offer: "appraisal", "broker", … */
export type OfferKey = keyof typeof OFFERS;

/** The body the client sends for an offer. */
export type OfferBody<K extends OfferKey> = z.input<(typeof OFFERS)[K]["body"]>;

/** Every offer key, in catalogue order. */
export const OFFER_KEYS = Object.keys(OFFERS) as OfferKey[];

/** True when `key` names an offer (an order's stored `offer_id`). */
export function isOfferKey(key: string): key is OfferKey {
  return Object.hasOwn(OFFERS, key);
}
