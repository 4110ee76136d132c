import { CAMPAIGN_RULES } from "@shared/api/affiliates";
import {
  ACCOUNT_PLANS,
  AFFILIATE_TIERS,
  ANALYTICS_PLANS,
  API_PLANS,
  APPRAISAL_TYPES,
  DEFAULT_ACCOUNT_PLAN,
  DEFAULT_ANALYTICS_PLAN,
  DEFAULT_API_PLAN,
  DEFAULT_FORECAST_PERIOD,
  DEFAULT_REPORT_TYPE,
  DEFAULT_SUPPORT_TIER,
  FORECAST_PERIODS,
  type OfferBody,
  type OfferKey,
  PREMIUM_SERVICES,
  RECRUITMENT_GOALS,
  REPORT_TYPES,
  SUPPORT_TIERS,
  TRAINING_COURSES,
} from "@shared/catalog";
import { type AccountPlan, planById } from "@shared/plans";
import { targetInWords } from "@shared/support";
import {
  Code2,
  Crown,
  FileBarChart,
  FileSearch,
  Gift,
  GraduationCap,
  Headphones,
  type LucideIcon,
  Sparkles,
} from "lucide-react";
import type { GridOption } from "./option-grid";

/** The offers bought by choosing one option in a grid; `CatalogOffer` renders each of them. */
export type SingleChoiceOfferKey =
  | "appraisal"
  | "premiumService"
  | "recruitmentIncentive"
  | "trainingCourse"
  | "tierUpgrade"
  | "premiumAnalytics"
  | "customReports"
  | "forecasting"
  | "accountUpgrade"
  | "supportSubscription"
  | "apiAccess";

/**
 * How an offer of the catalogue is shown: its card, its dialog's wording and its options. Prices
 * come from the catalogue; this adds only words and looks.
 */
export interface OfferPresentation<K extends OfferKey = OfferKey, O extends GridOption = GridOption> {
  icon: LucideIcon;
  /** Tailwind classes of the card's icon tile. */
  tone: string;
  title: string;
  blurb: string;
  /** A claim the card shows instead of its lowest price. */
  highlight?: string;
  /** The card lists every option's price instead of the lowest one. */
  listPrices?: boolean;
  /** Billed per month: "/month" after the prices, "/mo" in the options. */
  monthly?: boolean;
  trigger: string;
  /** The trigger is the page's main action (filled) rather than outlined. */
  primary?: boolean;
  /** The dialog's title when it differs from the card's. */
  dialogTitle?: string;
  description: string;
  buyLabel: string;
  /** The options' group: its accessible name and the radios' name. */
  legend: string;
  name: string;
  options: readonly O[];
  /** The option chosen when the dialog opens, or null for none. */
  initial: O["id"] | null;
  columns?: 1 | 2;
  /** Bought for the domain chosen on the page (the premium-services panel). */
  forDomain?: boolean;
  body(option: O, domainId: string): OfferBody<K>;
}

/** A plan's option line: its limits and what it includes, from the plan table. */
function planSummary(plan: AccountPlan): string {
  const n = (v: number | null) => (v === null ? "Unlimited" : v.toLocaleString("en-US"));
  const parts = [
    `${n(plan.limits.domains)} domains`,
    `${n(plan.limits.parkingImportsPerDay)} report imports a day`,
  ];
  if (plan.apiCalls !== null) parts.push(`${n(plan.apiCalls)} API calls a month`);
  if (plan.support !== "standard") parts.push(`support answers within ${targetInWords(plan.support)}`);
  return parts.join(" · ");
}

const present = <K extends OfferKey, O extends GridOption>(p: OfferPresentation<K, O>) => p;

const withDetail = <O extends GridOption>(options: readonly O[], detail: (o: O) => string) =>
  options.map((o) => ({ ...o, detail: detail(o) }));

const details =
  <Id extends string>(text: Record<Id, string>) =>
  (o: { id: Id }) =>
    text[o.id];

export const OFFER_PRESENTATIONS: { [K in SingleChoiceOfferKey]: OfferPresentation<K, GridOption> } = {
  appraisal: present({
    icon: FileSearch,
    tone: "bg-blue-50 text-blue-600",
    title: "Domain Appraisal",
    blurb: "A professional valuation based on comparable sales, traffic and revenue.",
    trigger: "Order Appraisal",
    description: "Choose the depth of the appraisal. The report is delivered by email.",
    buyLabel: "Order Appraisal",
    legend: "Appraisal",
    name: "appraisal-type",
    options: withDetail(APPRAISAL_TYPES, (o) => `Delivered within ${o.turnaround}`),
    initial: "basic",
    forDomain: true,
    body: (o, domainId) => ({ type: o.id, price: o.price, domainId }),
  }),
  premiumService: present({
    icon: Sparkles,
    tone: "bg-amber-50 text-amber-600",
    title: "Premium Services",
    blurb: "Grow the domain's traffic and value with expert SEO, links, branding and campaigns.",
    listPrices: true,
    trigger: "Choose a Service",
    description: "Choose a service for this domain. Work starts as soon as the payment is complete.",
    buyLabel: "Activate Service",
    legend: "Service",
    name: "premium-service",
    options: withDetail(
      PREMIUM_SERVICES,
      details({
        seo_optimization: "On-page SEO so the parked page ranks for its keywords",
        backlink_building: "Quality links that raise the domain's authority",
        brand_development: "Logo, positioning and a brand story for buyers",
        traffic_boost: "Targeted campaigns that bring more visitors",
      }),
    ),
    initial: "seo_optimization",
    forDomain: true,
    body: (o, domainId) => ({ serviceType: o.id, price: o.price, domainId }),
  }),
  recruitmentIncentive: present({
    icon: Gift,
    tone: "bg-amber-50 text-amber-600",
    title: "Recruitment Bonuses",
    blurb: "Reward your network for bringing in new affiliates with a funded bonus campaign.",
    trigger: "Launch Campaign",
    description: `Choose a recruitment goal. ${CAMPAIGN_RULES.recruit} ${CAMPAIGN_RULES.reached} ${CAMPAIGN_RULES.missed}`,
    buyLabel: "Activate Incentive",
    legend: "Recruitment goal",
    name: "recruitment-goal",
    options: RECRUITMENT_GOALS.map((g) => ({
      ...g,
      label: `Recruit ${g.recruits} affiliates`,
      detail: `${g.durationDays} days to reach it`,
    })),
    initial: RECRUITMENT_GOALS[0].id,
    body: (o) => ({ goal: o.id, bonusAmount: o.price, duration: o.durationDays }),
  }),
  trainingCourse: present({
    icon: GraduationCap,
    tone: "bg-blue-50 text-blue-600",
    title: "Expert Training",
    blurb:
      "Five courses for domain owners and affiliates on recruiting, converting and scaling your network.",
    highlight: "Lifetime access",
    trigger: "Browse Courses",
    description:
      "Pick a course. Its lessons open on the Training Courses page once the payment is complete, for good; read them all for a certificate.",
    buyLabel: "Purchase Course",
    legend: "Course",
    name: "training-course",
    options: TRAINING_COURSES,
    initial: null,
    body: (o) => ({ courseId: o.id, price: o.price }),
  }),
  tierUpgrade: present({
    icon: Crown,
    tone: "bg-purple-50 text-purple-600",
    title: "Tier Upgrades",
    blurb: "Raise the rate you earn on every referral's purchases, for good.",
    highlight: "25% maximum commission",
    trigger: "Compare Tiers",
    description: "Choose a tier. Once it is paid, its rate applies to all your referrals (How you earn).",
    buyLabel: "Upgrade Tier",
    legend: "Tier",
    name: "affiliate-tier",
    options: AFFILIATE_TIERS.map((t) => ({
      ...t,
      label: `${t.label} Tier`,
      detail: `${t.commissionPercent}% commission on every referral, one-off payment`,
    })),
    initial: null,
    body: (o) => ({ tier: o.id, price: o.price }),
  }),
  premiumAnalytics: present({
    icon: Crown,
    tone: "bg-emerald-50 text-emerald-600",
    title: "Premium Analytics",
    blurb: "Up to two years of history, per-domain RPM, CTR and EPC, visitor origins and CSV exports.",
    monthly: true,
    trigger: "Upgrade Analytics",
    primary: true,
    description: "Choose a plan. It is billed monthly and starts once the payment is complete.",
    buyLabel: "Upgrade to Premium",
    legend: "Plan",
    name: "analytics-plan",
    options: withDetail(
      ANALYTICS_PLANS,
      details({
        pro: "90 days of history, breakdowns and CSV exports",
        business: "Everything in Pro with a year of history",
        enterprise: "Everything in Business with two years of history",
      }),
    ),
    initial: DEFAULT_ANALYTICS_PLAN,
    body: (o) => ({ plan: o.id, price: o.price }),
  }),
  customReports: present({
    icon: FileBarChart,
    tone: "bg-blue-50 text-blue-600",
    title: "Custom Reports",
    blurb: "Detailed, presentation-ready reports on revenue, traffic and conversion per domain.",
    trigger: "Choose Report",
    description: "Choose the depth of your report. It is prepared once the payment is complete.",
    buyLabel: "Order Report",
    legend: "Report type",
    name: "report-type",
    options: withDetail(
      REPORT_TYPES,
      details({
        basic: "Monthly revenue and traffic summary",
        comprehensive: "Per-domain revenue, traffic and conversion deep dive",
        enterprise: "Adds P&L, forecast, appraisal of your best names and each imported network's RPM",
        custom: "Everything in Enterprise, built to the brief you give here by our analysts",
      }),
    ),
    initial: DEFAULT_REPORT_TYPE,
    body: (o) => ({ reportType: o.id, price: o.price }),
  }),
  forecasting: present({
    icon: Sparkles,
    tone: "bg-amber-50 text-amber-600",
    title: "AI Forecasting",
    blurb: "Month-by-month revenue projections with 80% and 95% intervals and their measured error.",
    trigger: "Choose Period",
    dialogTitle: "AI Revenue Forecasting",
    description: "Choose how far ahead to forecast. The forecast is built once the payment is complete.",
    buyLabel: "Get Forecast",
    legend: "Forecast period",
    name: "forecast-period",
    options: withDetail(FORECAST_PERIODS, (p) => `Projection for the next ${p.months} months`),
    initial: DEFAULT_FORECAST_PERIOD,
    columns: 2,
    body: (o) => ({ period: o.id, price: o.price }),
  }),
  accountUpgrade: present({
    icon: Crown,
    tone: "bg-emerald-50 text-emerald-600",
    title: "Premium Account",
    blurb: "Unlock premium features, higher limits and priority treatment across ParkPilot.",
    monthly: true,
    trigger: "Upgrade Account",
    primary: true,
    description: "Choose a plan. Your account switches to it once the payment is complete.",
    buyLabel: "Upgrade Account",
    legend: "Plan",
    name: "account-plan",
    options: withDetail(ACCOUNT_PLANS, (o) => planSummary(planById(o.id))),
    initial: DEFAULT_ACCOUNT_PLAN,
    body: (o) => ({ plan: o.id, price: o.price }),
  }),
  supportSubscription: present({
    icon: Headphones,
    tone: "bg-amber-50 text-amber-600",
    title: "Priority Support",
    blurb: "Jump the queue with faster answers from people who know domain monetisation.",
    monthly: true,
    trigger: "Choose Support",
    description: "Choose a support tier. Billed monthly.",
    buyLabel: "Activate Support",
    legend: "Support tier",
    name: "support-tier",
    options: withDetail(SUPPORT_TIERS, (o) => `First answer within ${targetInWords(o.id)}`),
    initial: DEFAULT_SUPPORT_TIER,
    body: (o) => ({ tier: o.id, price: o.price }),
  }),
  apiAccess: present({
    icon: Code2,
    tone: "bg-purple-50 text-purple-600",
    title: "API Access",
    blurb: "Pull revenue, traffic and domain data into your own tools and automations.",
    monthly: true,
    trigger: "Get API Access",
    description: "Choose a plan by monthly calls. Billed monthly.",
    buyLabel: "Activate API Access",
    legend: "Plan",
    name: "api-plan",
    options: withDetail(API_PLANS, (p) =>
      p.calls === "Unlimited" ? "Unlimited API calls" : `${p.calls} API calls per month`,
    ),
    initial: DEFAULT_API_PLAN,
    body: (o) => ({ plan: o.id, price: o.price }),
  }),
};
