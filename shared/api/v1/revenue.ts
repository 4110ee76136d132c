import { z } from "zod";
import { ZSignedMoney } from "../../money";
import { REVENUE_TYPES } from "../revenue";
import { ZDay, ZPageLimit, ZTimeIdCursor } from "./common";

/** The longest range one query may cover, so that a summary stays a bounded answer. */
export const MAX_RANGE_DAYS = 366;

const inOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const within = (q: { from?: string; to?: string }) =>
  !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_RANGE_DAYS;

/**
 * `GET /api/v1/revenue/events`: revenue events newest first, by UTC date range (both days
 * included) and type, a page at a time.
 */
export const ZRevenueEventsQuery = z
  .object({
    from: ZDay.optional().meta({ description: "First day (UTC), included." }),
    to: ZDay.optional().meta({ description: "Last day (UTC), included." }),
    type: z.enum(REVENUE_TYPES).optional().meta({ description: "Only events of this type." }),
    limit: ZPageLimit,
    cursor: ZTimeIdCursor.optional(),
  })
  .refine(inOrder, "from must not be after to");
export type TRevenueEventsQuery = z.output<typeof ZRevenueEventsQuery>;

export const ZRevenueEvent = z
  .object({
    id: z.string(),
    type: z.enum(REVENUE_TYPES),
    /** Decimal string, two places. */
    amount: ZSignedMoney.meta({ example: "75.00" }),
    description: z.string(),
    domainId: z.string().nullable(),
    domainName: z.string().nullable(),
    occurredAt: z.string(),
  })
  .meta({ id: "RevenueEvent" });
export type TRevenueEvent = z.infer<typeof ZRevenueEvent>;

/** `GET /api/v1/revenue/daily`: revenue per UTC day and type over a range (default the last 30 days). */
export const ZRevenueDailyQuery = z
  .object({
    from: ZDay.optional().meta({ description: "First day (UTC); default 29 days before `to`." }),
    to: ZDay.optional().meta({ description: "Last day (UTC); default today." }),
  })
  .refine(inOrder, "from must not be after to")
  .refine(within, `A range covers ${MAX_RANGE_DAYS} days at most`);
export type TRevenueDailyQuery = z.output<typeof ZRevenueDailyQuery>;

const ZAmount = ZSignedMoney.meta({ example: "12.50" });
export const ZRevenueDay = z
  .object({
    day: z.string(),
    total: ZAmount,
    parking: ZAmount,
    lead: ZAmount,
    marketplace: ZAmount,
    affiliate: ZAmount,
    other: ZAmount,
    events: z.number().int(),
  })
  .meta({ id: "RevenueDay" });
export const ZRevenueDaily = z.object({ from: z.string(), to: z.string(), days: z.array(ZRevenueDay) });
export type TRevenueDaily = z.infer<typeof ZRevenueDaily>;
