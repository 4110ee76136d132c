import { z } from "zod";
import { AFFILIATE_LEVELS } from "../catalog";
import { ZMoney } from "../money";

/** Where the affiliate programme's reads and the invitation live. */
export const AFFILIATES_PATH = "/api/affiliates";
export const AFFILIATE_STATS_PATH = "/api/affiliates/stats";
export const AFFILIATE_INVITE_PATH = "/api/affiliates/invite";

/** An affiliate level of the catalogue: 1, 2 or 3. */
export type TAffiliateLevel = (typeof AFFILIATE_LEVELS)[number]["level"];

/** The commission percent of a level, from the catalogue: level 2 → 7. */
export function levelCommissionPercent(level: TAffiliateLevel): number {
  const found = AFFILIATE_LEVELS.find((l) => l.level === level);
  if (!found) throw new Error(`Unknown affiliate level: ${level}`);
  return found.commissionPercent;
}

/** The sign-in page's registration link carrying a referral code. */
export function referralPath(code: string): string {
  return `/login?ref=${encodeURIComponent(code)}`;
}

const LEVEL_MESSAGE = "Level must be 1, 2 or 3.";

/**
 * The level an invitation carries when none is chosen, and the level of every sign-up through a
 * personal link: level 1, 5%.
 */
export const DEFAULT_AFFILIATE_LEVEL = 1 satisfies TAffiliateLevel;

/** One of the programme's levels: 1, 2 or 3. */
export const ZAffiliateLevel = z
  .number(LEVEL_MESSAGE)
  .refine(
    (level): level is TAffiliateLevel => AFFILIATE_LEVELS.some((l) => l.level === level),
    LEVEL_MESSAGE,
  );

export const ZInviteAffiliateBody = z.object({
  email: z
    .string("Please enter an email address to invite.")
    .trim()
    .min(1, "Please enter an email address to invite.")
    .max(254, "That email address is too long.")
    .pipe(z.email("Please enter a valid email address.")),
  /** The level the invitation carries, and with it the referral's rate (docs/affiliates.md). */
  level: ZAffiliateLevel.default(DEFAULT_AFFILIATE_LEVEL),
});
export type TInviteAffiliateBody = z.input<typeof ZInviteAffiliateBody>;

/** One affiliate as `GET /api/affiliates` lists it: an open invitation or a referral who joined. */
export const ZAffiliate = z.object({
  id: z.string(),
  email: z.string(),
  level: z.number(),
  /** Percent of each paid order of the referral: 5 means 5%. */
  commissionRate: z.number(),
  /** Decimal string, two places: "12.50". Commission held for the user on orders paid with real money. */
  totalCommissions: ZMoney,
  /**
   * What orders paid in the sandbox would have earned: shown marked "test", never in a balance
   * (docs/money.md). Decimal string, two places.
   */
  testCommissions: ZMoney,
  isActive: z.boolean(),
  /** The invitation's code while nobody has registered with it; null once it is used. */
  referralCode: z.string().nullable(),
  createdAt: z.string(),
});
export type TAffiliate = z.infer<typeof ZAffiliate>;

/**
 * `GET /api/affiliates/stats`, also part of the dashboard. Referrals are people who joined; an
 * invitation nobody has accepted yet is counted apart, as pending.
 */
export const ZAffiliateStats = z.object({
  totalReferrals: z.number(),
  activeReferrals: z.number(),
  /** Decimal string, two places: the sum of `ZAffiliate.totalCommissions`. */
  totalCommissions: ZMoney,
  pendingInvitations: z.number(),
});
export type TAffiliateStats = z.infer<typeof ZAffiliateStats>;

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

/**
 * The short referral link (docs/affiliates.md#link-analytics): `/r/<code>` counts the click (source
 * and UTM campaign) and sends the visitor on to registration with the code filled in.
 */
export const REFERRAL_REDIRECT_PREFIX = "/r/";
export const referralLinkPath = (code: string, utm?: { source?: string; campaign?: string }) => {
  const query = new URLSearchParams();
  if (utm?.source) query.set("utm_source", utm.source);
  if (utm?.campaign) query.set("utm_campaign", utm.campaign);
  const qs = query.toString();
  return `${REFERRAL_REDIRECT_PREFIX}${encodeURIComponent(code)}${qs ? `?${qs}` : ""}`;
};

/** `GET /api/affiliates/campaigns` (docs/affiliates.md#recruitment-campaigns). */
export const CAMPAIGNS_PATH = "/api/affiliates/campaigns";

/** Who the bonus goes to, and what happens when the goal is missed: said before buying and done. */
export const CAMPAIGN_RULES = {
  recruit:
    "A recruit is an account that registers during the campaign through the link of one of your affiliates and pays for something. A sign-up alone does not count, nor do you or accounts that lead back to you.",
  reached:
    "Reach the goal before the campaign ends and the bonus is shared among your affiliates in proportion to the recruits each brought, credited to them as held funds (30-day refund window).",
  missed: "Miss the goal and the whole bonus is returned to your balance as available funds.",
} as const;

export const ZCampaignStatus = z.enum(["active", "reached", "missed", "cancelled"]);

export const ZCampaign = z.object({
  id: z.string(),
  /** Recruits to reach. */
  goal: z.number(),
  /** Recruits counted so far. */
  recruits: z.number(),
  /** Decimal string: "500.00". */
  bonus: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: ZCampaignStatus,
  /** Paid in test mode: its outcome is recorded as test money only. */
  test: z.boolean(),
  /** Whole days left while active, else 0. */
  daysLeft: z.number(),
});
export type TCampaign = z.infer<typeof ZCampaign>;
