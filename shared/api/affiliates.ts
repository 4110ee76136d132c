import { z } from "zod";

/** Where the affiliate programme's reads and the invitation live. */
export const AFFILIATES_PATH = "/api/affiliates";
export const AFFILIATE_STATS_PATH = "/api/affiliates/stats";
export const AFFILIATE_INVITE_PATH = "/api/affiliates/invite";

/** Spec §9: commission percent by affiliate level. */
export const AFFILIATE_LEVEL_RATES = { 1: 5, 2: 7, 3: 10 } as const;
export type TAffiliateLevel = keyof typeof AFFILIATE_LEVEL_RATES;
export const AFFILIATE_LEVELS = [1, 2, 3] as const satisfies readonly TAffiliateLevel[];

/** The sign-in page's registration link carrying a referral code. */
export function referralPath(code: string): string {
  return `/login?ref=${encodeURIComponent(code)}`;
}

export const ZInviteAffiliateBody = z.object({
  email: z
    .string("Please enter an email address to invite.")
    .trim()
    .min(1, "Please enter an email address to invite.")
    .max(254, "That email address is too long.")
    .pipe(z.email("Please enter a valid email address.")),
  level: z
    .number("Level must be 1, 2 or 3.")
    .int("Level must be 1, 2 or 3.")
    .min(1, "Level must be 1, 2 or 3.")
    .max(3, "Level must be 1, 2 or 3.")
    .default(1)
    .transform((level) => level as TAffiliateLevel),
});
export type TInviteAffiliateBody = z.input<typeof ZInviteAffiliateBody>;

/** One affiliate as `GET /api/affiliates` lists it (spec §3). */
export const ZAffiliate = z.object({
  id: z.string(),
  email: z.string(),
  level: z.number(),
  /** Percent of each paid order of the referral: 5 means 5%. */
  commissionRate: z.number(),
  /** Decimal string, two places: "12.50". */
  totalCommissions: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type TAffiliate = z.infer<typeof ZAffiliate>;

/** `GET /api/affiliates/stats`, also part of the dashboard (spec §3 Affiliate stats). */
export const ZAffiliateStats = z.object({
  totalReferrals: z.number(),
  activeReferrals: z.number(),
  totalCommissions: z.number(),
});
export type TAffiliateStats = z.infer<typeof ZAffiliateStats>;
