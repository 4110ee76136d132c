import { z } from "zod";
import { ZSignedMoney } from "../money";

export const ANALYTICS_PATH = "/api/analytics";
export const ANALYTICS_EXPORT_PATH = "/api/analytics/export";

/** The ranges of the analytics page (7D / 30D / 90D) and the days each covers, today included. */
export const ANALYTICS_RANGES = ["7d", "30d", "90d"] as const;
export type TAnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_RANGE_DAYS: Record<TAnalyticsRange, number> = { "7d": 7, "30d": 30, "90d": 90 };

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
  leads: z.number().int(),
  /** Leads ÷ visitors as a percentage with two decimals; 0 when there were no visitors. */
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
