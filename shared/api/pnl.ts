import { z } from "zod";
import { ZSignedMoney } from "../money";
import { pathTo } from "../path-to";

export const PORTFOLIO_PNL_PATH = "/api/portfolio/pnl";
export const PORTFOLIO_PNL_EXPORT_PATH = "/api/portfolio/pnl/export";
/** `GET` one domain's profit and loss. */
export const domainPnlPath = (domainId: string) => pathTo(PNL_PATHS.domain, { id: domainId });

/**
 * The P&L ranges, each ending today in the owner's time zone: the last 30, 90 and 365 calendar
 * days (today included), or everything since the domain was registered.
 */
export const PNL_RANGES = ["30d", "90d", "12m", "all"] as const;
export type TPnlRange = (typeof PNL_RANGES)[number];
export const DEFAULT_PNL_RANGE: TPnlRange = "12m";
/** Calendar days of each bounded range; `12m` is a year of 365 days, the renewal's period. */
export const PNL_RANGE_DAYS: Record<Exclude<TPnlRange, "all">, number> = { "30d": 30, "90d": 90, "12m": 365 };
export const PNL_RANGE_LABELS: Record<TPnlRange, string> = {
  "30d": "30 days",
  "90d": "90 days",
  "12m": "12 months",
  all: "All time",
};

/** A yearly renewal cost is spread over this many days. */
export const RENEWAL_DAYS = 365;
/** An expiry this many days away or fewer is shown next to the renewal hint. */
export const EXPIRY_NEAR_DAYS = 60;

/** The keep/renew hint: trailing 12-month revenue against the next renewal cost. */
export const RENEWAL_HINTS = ["earns its renewal", "review before renewal"] as const;
export type TRenewalHint = (typeof RENEWAL_HINTS)[number];

export const PNL_SORTS = ["net", "roi", "revenue", "cost"] as const;
export type TPnlSort = (typeof PNL_SORTS)[number];
export const PNL_SORT_LABELS: Record<TPnlSort, string> = {
  net: "Net",
  roi: "ROI",
  revenue: "Revenue",
  cost: "Cost",
};
export const SORT_ORDERS = ["asc", "desc"] as const;
export type TSortOrder = (typeof SORT_ORDERS)[number];

export const ZPnlQuery = z.object({ range: z.enum(PNL_RANGES).default(DEFAULT_PNL_RANGE) });
/** Rows sorted by `sort` (ROI without costs last either way), then by name. */
export const ZPortfolioPnlQuery = ZPnlQuery.extend({
  sort: z.enum(PNL_SORTS).default("net"),
  order: z.enum(SORT_ORDERS).default("desc"),
});
export type TPnlQuery = z.infer<typeof ZPnlQuery>;
export type TPortfolioPnlQuery = z.infer<typeof ZPortfolioPnlQuery>;

/** A decimal string with two places, negative when a loss: "-12.50". */

/** Income by source; `other` is every other ledger type (affiliate, demo data). */
export const ZPnlIncome = z.object({
  parking: ZSignedMoney,
  lead: ZSignedMoney,
  marketplace: ZSignedMoney,
  other: ZSignedMoney,
  total: ZSignedMoney,
});

/**
 * Costs: the purchase price when the domain was registered within the range (always for
 * `all`), the yearly renewal cost spread over the range's days the domain was held, and the
 * add-on services paid for the domain within the range.
 */
export const ZPnlCosts = z.object({
  purchase: ZSignedMoney,
  renewal: ZSignedMoney,
  services: ZSignedMoney,
  total: ZSignedMoney,
});

export const ZPnlFigures = z.object({
  income: ZPnlIncome,
  costs: ZPnlCosts,
  /** Income minus costs. */
  net: ZSignedMoney,
  /**
   * Net ÷ costs in percent, one decimal ("12.5"); null when there are no costs or the purchase
   * price is not set (the investment is unknown).
   */
  roi: z
    .string()
    .regex(/^-?\d+\.\d$/)
    .nullable(),
});

/** Should the domain be renewed? Revenue of the last 365 days against the next renewal. */
export const ZRenewalOutlook = z.object({
  trailingRevenue: ZSignedMoney,
  /** The yearly renewal cost; null when the owner has not set one (then there is no hint). */
  renewalCost: ZSignedMoney.nullable(),
  hint: z.enum(RENEWAL_HINTS).nullable(),
  /** The expiry date ("YYYY-MM-DD") when it is 60 days away or fewer (or past), else null. */
  expiryDate: z.string().nullable(),
  daysToExpiry: z.number().int().nullable(),
});

export const ZDomainPnlRow = ZPnlFigures.extend({
  domainId: z.string(),
  name: z.string(),
  /** False until the owner enters what the domain cost (Edit Domain): its ROI is then null. */
  purchasePriceSet: z.boolean(),
  renewal: ZRenewalOutlook,
});

/** One local month of a domain's range; the months add up to the domain's figures exactly. */
export const ZPnlMonth = z.object({
  /** "YYYY-MM" in the owner's time zone. */
  month: z.string(),
  income: ZPnlIncome,
  costs: ZPnlCosts,
  net: ZSignedMoney,
});

const ZPnlPeriod = {
  range: z.enum(PNL_RANGES),
  timeZone: z.string(),
  /** First day of the range ("YYYY-MM-DD"); null for `all`. */
  from: z.string().nullable(),
  /** Today in the owner's time zone. */
  to: z.string(),
};

/** `GET /api/domains/{id}/pnl?range=…` */
export const ZDomainPnl = z.object({
  ...ZPnlPeriod,
  domain: ZDomainPnlRow,
  months: z.array(ZPnlMonth),
});

/** `GET /api/portfolio/pnl?range=…&sort=…&order=…`: every domain; totals are the rows' sums. */
export const ZPortfolioPnl = z.object({
  ...ZPnlPeriod,
  sort: z.enum(PNL_SORTS),
  order: z.enum(SORT_ORDERS),
  rows: z.array(ZDomainPnlRow),
  totals: ZPnlFigures.extend({
    trailingRevenue: ZSignedMoney,
    domains: z.number().int(),
    /** Domains without a purchase price: while any, the portfolio's ROI is null. */
    withoutPurchasePrice: z.number().int(),
    /** Domains whose hint is "review before renewal". */
    toReview: z.number().int(),
  }),
});

export type TPnlIncome = z.infer<typeof ZPnlIncome>;
export type TPnlCosts = z.infer<typeof ZPnlCosts>;
export type TPnlFigures = z.infer<typeof ZPnlFigures>;
export type TRenewalOutlook = z.infer<typeof ZRenewalOutlook>;
export type TDomainPnlRow = z.infer<typeof ZDomainPnlRow>;
export type TPnlMonth = z.infer<typeof ZPnlMonth>;
export type TDomainPnl = z.infer<typeof ZDomainPnl>;
export type TPortfolioPnl = z.infer<typeof ZPortfolioPnl>;

/** The area's API paths, as Express patterns (filled in with `pathTo`). */
export const PNL_PATHS = {
  domain: "/api/domains/:id/pnl",
} as const;
