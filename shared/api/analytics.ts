import { z } from "zod";
import { ZSignedMoney } from "../money";

export const ANALYTICS_PATH = "/api/analytics";
export const ANALYTICS_EXPORT_PATH = "/api/analytics/export";

/**
 * The ranges of the analytics page (7D / 30D / 90D, and 1Y / 2Y for the plans whose history
 * reaches that far) and the days each covers, today included.
 */
export const ANALYTICS_RANGES = ["7d", "30d", "90d", "1y", "2y"] as const;
export type TAnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_RANGE_DAYS: Record<TAnalyticsRange, number> = {
  "7d": 7,
  "30d": 30,
  "90d": 90,
  "1y": 365,
  "2y": 730,
};

/** Revenue sources, as the ledger types its events. */
export const REVENUE_SOURCES = ["parking", "lead", "marketplace", "affiliate", "other"] as const;
export type TRevenueSource = (typeof REVENUE_SOURCES)[number];

export const ZAnalyticsQuery = z.object({ range: z.enum(ANALYTICS_RANGES).default("7d") });

/** Revenue by source plus the total, each a decimal string ("12.50"). */
export const ZRevenueBySource = z.object({
  parking: ZSignedMoney,
  lead: ZSignedMoney,
  marketplace: ZSignedMoney,
  affiliate: ZSignedMoney,
  other: ZSignedMoney,
  total: ZSignedMoney,
});

/** Traffic of one day or of the whole range: visitors are landing visits plus ad-network visitors. */
export const ZTraffic = z.object({
  visitors: z.number().int(),
  /** Visits of the parked pages (where the lead form is), without the ad networks' visitors. */
  pageVisits: z.number().int(),
  leads: z.number().int(),
  /** Leads ÷ parked-page visits as a percentage with two decimals, as the reports count it; 0 without visits. */
  conversionRate: z.number(),
});

export const ZAnalyticsDay = ZTraffic.extend({
  /** The calendar day in the user's time zone, "YYYY-MM-DD". */
  day: z.string(),
  revenue: ZRevenueBySource,
});

export const ZTopDomain = z.object({
  id: z.string(),
  name: z.string(),
  revenue: ZSignedMoney,
  visitors: z.number().int(),
  leads: z.number().int(),
});

/** `GET /api/analytics?range=…`: every day of the range (zeros included), totals and top domains. */
export const ZAnalyticsAnswer = z.object({
  range: z.enum(ANALYTICS_RANGES),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.array(ZAnalyticsDay),
  totals: ZTraffic.extend({ revenue: ZRevenueBySource }),
  topDomains: z.array(ZTopDomain),
});

export type TAnalyticsQuery = z.infer<typeof ZAnalyticsQuery>;
export type TRevenueBySource = z.infer<typeof ZRevenueBySource>;
export type TAnalyticsDay = z.infer<typeof ZAnalyticsDay>;
export type TTopDomain = z.infer<typeof ZTopDomain>;
export type TAnalyticsAnswer = z.infer<typeof ZAnalyticsAnswer>;

export const ANALYTICS_ACCESS_PATH = "/api/analytics/access";
export const ANALYTICS_BREAKDOWNS_PATH = "/api/analytics/breakdowns";
export const ANALYTICS_MONTHS_PATH = "/api/analytics/months";

/** `GET /api/analytics/access`: the user's analytics tier and what it unlocks. */
export const ZAnalyticsAccess = z.object({
  tier: z.string(),
  label: z.string(),
  historyDays: z.number().int(),
  exports: z.boolean(),
  breakdowns: z.boolean(),
  /** The ranges this tier may open. */
  ranges: z.array(z.enum(ANALYTICS_RANGES)),
});

/** One domain's parking efficiency, landing traffic and lead conversion over the range. */
export const ZDomainBreakdown = z.object({
  id: z.string(),
  name: z.string(),
  /** Ad-network figures from imported reports. */
  parkingVisitors: z.number().int(),
  clicks: z.number().int(),
  parkingRevenue: ZSignedMoney,
  /** Revenue per thousand ad-network visitors, dollars ("4.20"); null without visitors. */
  rpm: ZSignedMoney.nullable(),
  /** Clicks ÷ visitors as a percentage, two decimals; null without visitors. */
  ctr: z.number().nullable(),
  /** Earnings per click, dollars; null without clicks. */
  epc: ZSignedMoney.nullable(),
  /** Visits counted on the parked landing page and the leads it captured. */
  landingVisits: z.number().int(),
  leads: z.number().int(),
  /** Leads ÷ landing visits as a percentage, two decimals; null without visits. */
  leadConversion: z.number().nullable(),
});

/** Landing visits grouped by one key: a country code ("US", "" unknown) or a referrer host ("" direct). */
export const ZVisitShare = z.object({ key: z.string(), label: z.string(), visits: z.number().int() });

/** How many rows of a breakdown the JSON answer carries; the CSV export has them all. */
export const BREAKDOWN_ROWS = 100;

/** `GET /api/analytics/breakdowns?range=…`. */
export const ZAnalyticsBreakdowns = z.object({
  range: z.enum(ANALYTICS_RANGES),
  from: z.string(),
  to: z.string(),
  /** Domains by parking revenue, then landing visits (at most `BREAKDOWN_ROWS`). */
  domains: z.array(ZDomainBreakdown),
  domainCount: z.number().int(),
  countries: z.array(ZVisitShare),
  referrers: z.array(ZVisitShare),
});

/** One calendar month of the portfolio (the user's time zone). */
export const ZPortfolioMonth = z.object({
  /** "YYYY-MM". */
  month: z.string(),
  revenue: ZRevenueBySource,
  parkingVisitors: z.number().int(),
  clicks: z.number().int(),
  landingVisits: z.number().int(),
  leads: z.number().int(),
  rpm: ZSignedMoney.nullable(),
});

/** `GET /api/analytics/months`: the last 12 calendar months, this one included, oldest first. */
export const ZPortfolioMonths = z.object({ months: z.array(ZPortfolioMonth) });

/** What `GET /api/analytics/export?table=…` writes: the daily series or one breakdown. */
export const EXPORT_TABLES = ["daily", "domains", "countries", "referrers", "months"] as const;
export const ZAnalyticsExportQuery = ZAnalyticsQuery.extend({
  table: z.enum(EXPORT_TABLES).default("daily"),
});

export type TAnalyticsAccess = z.infer<typeof ZAnalyticsAccess>;
export type TDomainBreakdown = z.infer<typeof ZDomainBreakdown>;
export type TVisitShare = z.infer<typeof ZVisitShare>;
export type TAnalyticsBreakdowns = z.infer<typeof ZAnalyticsBreakdowns>;
export type TPortfolioMonth = z.infer<typeof ZPortfolioMonth>;
export type TPortfolioMonths = z.infer<typeof ZPortfolioMonths>;
export type TExportTable = (typeof EXPORT_TABLES)[number];

/** `GET /api/analytics/forecast-history`: what the account's history lets Revenue Forecasting make. */
export const FORECAST_HISTORY_PATH = "/api/analytics/forecast-history";

/** The models a forecast is made with: a yearly season on months, or a weekly one on days. */
export const FORECAST_MODELS = ["monthly", "daily"] as const;

export const ZForecastHistory = z.object({
  /** The model the history supports, or null: too little history to forecast yet. */
  model: z.enum(FORECAST_MODELS).nullable(),
  /** Complete days of revenue (the user's time zone), from the first day with revenue to yesterday. */
  days: z.number().int(),
  /** Calendar months of revenue before this one. */
  months: z.number().int(),
  /** "YYYY-MM-DD" of the first revenue, or null. */
  firstDay: z.string().nullable(),
  /** The days the daily model needs, and the complete months the monthly one needs. */
  minimumDays: z.number().int(),
  minimumMonths: z.number().int(),
  /** The shortest period on sale: the smallest horizon a forecast is made for. */
  shortestMonths: z.number().int(),
  /** With too little history: the day ("YYYY-MM-DD") from which a forecast can be bought, or null without any revenue yet. */
  availableFrom: z.string().nullable(),
});
export type TForecastHistory = z.infer<typeof ZForecastHistory>;

/** The area's API paths, as Express patterns (filled in with `pathTo`). */
export const ANALYTICS_PATHS = {
  domainTraffic: "/api/domains/:id/traffic",
} as const;
