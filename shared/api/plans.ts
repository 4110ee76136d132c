import { z } from "zod";

/** `GET /api/settings/plan`: the account's plan, what it uses of each limit, and what is read-only. */
export const PLAN_USAGE_PATH = "/api/settings/plan";

const ZUpgrade = z.object({ id: z.string(), label: z.string(), limit: z.number().nullable() }).nullable();

/** One limit of the plan: what the account uses, the limit (null: none) and the plan that lifts it. */
export const ZLimitUsage = z.object({
  used: z.number(),
  limit: z.number().nullable(),
  /** The cheapest plan with a higher limit, or null when none has one. */
  upgradeTo: ZUpgrade,
});

export const ZPlanUsage = z.object({
  plan: z.string(),
  label: z.string(),
  usage: z.object({ domains: ZLimitUsage, parkingImportsPerDay: ZLimitUsage, teamSeats: ZLimitUsage }),
  /**
   * Domains beyond the plan's limit (after a downgrade): the newest ones, kept with all their
   * data but read-only until the account is back under the limit.
   */
  readOnlyDomainIds: z.array(z.string()),
});

export type TLimitUsage = z.infer<typeof ZLimitUsage>;
export type TPlanUsage = z.infer<typeof ZPlanUsage>;
