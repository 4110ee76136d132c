import { z } from "zod";

/** `GET /api/affiliates/links` (docs/affiliates.md#link-analytics): the Analytics Pro tool for affiliates. */
export const LINK_ANALYTICS_PATH = "/api/affiliates/links";
export const LINK_ANALYTICS_FEATURE = "marketing-tool:analytics-pro";
export const LINK_ANALYTICS_RANGES = [7, 30, 90] as const;

export const ZLinkAnalyticsQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (LINK_ANALYTICS_RANGES as readonly number[]).includes(d), "Days must be 7, 30 or 90.")
    .default(30),
});

const ZFigures = z.object({
  clicks: z.number(),
  /** Accounts registered after a click on the link. */
  registrations: z.number(),
  /** Of those, accounts that paid for something. */
  paidReferrals: z.number(),
  /** Commission those accounts earned the user (held, real money), decimal string. */
  commission: z.string(),
});

export const ZLinkAnalytics = z.object({
  days: z.number(),
  totals: ZFigures,
  byDay: z.array(z.object({ date: z.string(), clicks: z.number() })),
  bySource: z.array(ZFigures.extend({ source: z.string() })),
  byCampaign: z.array(ZFigures.extend({ campaign: z.string() })),
  /** One row per tagged link: source and campaign. */
  links: z.array(ZFigures.extend({ source: z.string(), campaign: z.string() })),
});
export type TLinkAnalytics = z.infer<typeof ZLinkAnalytics>;
