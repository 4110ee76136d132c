import { z } from "zod";

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
