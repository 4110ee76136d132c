import { z } from "zod";
import { ZAccountEventKind } from "../account-events";
import { ZMoney, ZSignedMoney } from "../money";
import { DEFAULT_GOAL_TIMEFRAME, GOAL_CATEGORIES, GOAL_TIMEFRAMES } from "../prices";

/** The paths of the revenue dashboard's calls, docs/product.md#the-calls "Revenue". */
export const REVENUE_PATHS = {
  dashboard: "/api/revenue/dashboard",
  streams: "/api/revenue/streams",
  goals: "/api/revenue/goals",
  goal: "/api/revenue/goals/:id",
} as const;

/** docs/product.md#constants: the dashboard and the sidebar refresh every 30 s, the activity feed every 10 s. */
export const DASHBOARD_REFRESH_MS = 30_000;
export const STREAMS_POLL_MS = 10_000;
/** The activity feed shows at most this many events. */
export const ACTIVITY_FEED_LIMIT = 8;

export const REVENUE_TYPES = ["parking", "lead", "marketplace", "affiliate", "other"] as const;
export type TRevenueType = (typeof REVENUE_TYPES)[number];

/** The Revenue Trend's ranges: today by hour, or the last 7 or 30 days by day. */
export const REVENUE_RANGES = ["24h", "7d", "30d"] as const;
export const ZRevenueRange = z.enum(REVENUE_RANGES);
export type TRevenueRange = z.infer<typeof ZRevenueRange>;

export const ZDashboardQuery = z.object({ range: ZRevenueRange.default("24h") });

const decimal = ZSignedMoney;

/** One hour of today in the user's time zone (docs/product.md#records-and-their-fields "Hourly revenue point"). */
export const ZHourlyPoint = z.object({ hour: z.number().int(), amount: z.number() });

/** One point of the trend: `key` is "HH:00" for hours, "YYYY-MM-DD" for days (user's zone). */
export const ZTrendPoint = z.object({ key: z.string(), amount: z.number() });

export const ZTopDomain = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  adNetwork: z.string(),
  /** All revenue of the domain today. */
  todayRevenue: decimal,
  /** Average parking revenue per day over the last 7 days of reports. */
  dailyParkingRevenue: decimal,
  /** Spec: the Month figure is the daily parking revenue times 30. */
  monthlyEstimate: decimal,
  /** Visitors over the last 30 days (ad-network reports and the parked page). */
  visitors: z.number().int(),
  /** Parking revenue of the last 7 whole days against the 7 before, in percent; null without history. */
  trendPercent: z.number().nullable(),
});

export const ZAccountEvent = z.object({
  id: z.string(),
  kind: ZAccountEventKind,
  description: z.string(),
  createdAt: z.string(),
});

/** `GET /api/revenue/dashboard`: every figure computed in the user's time zone. */
export const ZDashboardAnswer = z.object({
  timeZone: z.string(),
  metrics: z.object({
    todayRevenue: decimal,
    /** Yesterday's revenue up to the same time of day. */
    yesterdayRevenue: decimal,
    /** Today against the same time yesterday, in percent, one decimal; null when yesterday had none. */
    todayChangePercent: z.number().nullable(),
    monthlyRevenue: decimal,
    /** Last month's revenue up to the same day and time. */
    lastMonthRevenue: decimal,
    monthlyChangePercent: z.number().nullable(),
    /** Domains that are active or parked and not sold. */
    activeDomains: z.number().int(),
    newDomainsThisMonth: z.number().int(),
    /** Affiliate commissions this month. */
    affiliateEarnings: decimal,
  }),
  /** This month's revenue by source. */
  revenue: z.object({
    parking: decimal,
    marketplace: decimal,
    affiliate: decimal,
    lead: decimal,
    other: decimal,
  }),
  hourlyRevenue: z.array(ZHourlyPoint),
  /** The hour it is now in the user's time zone (0–23): today's axis runs 0:00–23:00, its line to this hour. */
  currentHour: z.number().int().min(0).max(23),
  trend: z.object({ range: ZRevenueRange, points: z.array(ZTrendPoint) }),
  topDomains: z.array(ZTopDomain),
  affiliateStats: z.object({
    totalReferrals: z.number().int(),
    activeReferrals: z.number().int(),
    totalCommissions: ZMoney,
  }),
  /** The account's latest events: domain added, order paid, payout… */
  recentEvents: z.array(ZAccountEvent),
});

export type TDashboardAnswer = z.infer<typeof ZDashboardAnswer>;
export type TTopDomain = z.infer<typeof ZTopDomain>;
export type THourlyPoint = z.infer<typeof ZHourlyPoint>;
export type TTrendPoint = z.infer<typeof ZTrendPoint>;
export type TAccountEvent = z.infer<typeof ZAccountEvent>;

export const ZStreamsQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(20) });

/** One revenue event of the activity feed (docs/product.md#records-and-their-fields "Revenue stream"). */
export const ZRevenueStream = z.object({
  id: z.string(),
  type: z.enum(REVENUE_TYPES),
  description: z.string(),
  amount: decimal,
  createdAt: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type TRevenueStream = z.infer<typeof ZRevenueStream>;

export const ZGoalCategory = z.enum(GOAL_CATEGORIES, "Please select a goal type.");
export const ZGoalTimeframe = z.enum(GOAL_TIMEFRAMES);
export type TGoalCategory = z.infer<typeof ZGoalCategory>;
export type TGoalTimeframe = z.infer<typeof ZGoalTimeframe>;

/** A positive amount in dollars and cents, sent as a number or a decimal string. */
const ZTargetAmount = z
  .union([z.number(), z.string().trim()])
  .transform((v) => (typeof v === "number" ? v.toFixed(2) : v))
  .pipe(
    z
      .string()
      .min(1, "Please enter an amount.")
      .regex(/^\d{1,10}(\.\d{1,2})?$/, "Enter an amount in dollars and cents")
      .refine((v) => Number(v) > 0, "The target must be more than $0"),
  );

export const ZGoalBody = z.object({
  targetAmount: ZTargetAmount,
  timeframe: ZGoalTimeframe.default(DEFAULT_GOAL_TIMEFRAME),
  category: ZGoalCategory,
});
export type TGoalBody = z.input<typeof ZGoalBody>;

export const ZGoalParams = z.object({ id: z.uuid("Goal not found") });

/** A goal with the real revenue of its category within the current timeframe. */
export const ZGoal = z.object({
  id: z.string(),
  targetAmount: decimal,
  timeframe: ZGoalTimeframe,
  category: ZGoalCategory,
  createdAt: z.string(),
  currentAmount: decimal,
  /** currentAmount / targetAmount in percent, one decimal, not capped. */
  progressPercent: z.number(),
  periodStart: z.string(),
  periodEnd: z.string(),
});
export type TGoal = z.infer<typeof ZGoal>;
