import { type SQL, sql } from "drizzle-orm";
import { API_ACCESS_FEATURE } from "../../../shared/api/api-keys";
import { API_PLANS } from "../../../shared/catalog";
import { billingNow } from "../../db/billing-clock";
import type { DbOrTx } from "../../db/tx";
import { entitlementsOf } from "../entitlements/entitlements.service";

/** What the owner's API plan allows now: calls per period (null: unlimited) and the period. */
export interface ApiPlan {
  label: string;
  limit: number | null;
  periodStart: Date;
  periodEnd: Date;
  /** The billing clock's now, that the period was read at. */
  now: Date;
}

/** The UTC calendar month around `now`: the period of a plan not bought as a subscription. */
function calendarMonth(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/**
 * A renewal is recorded when the provider says so, a little after the period ends; until then
 * the calls count in the next period of the same length, not in the one that is over.
 */
function periodAt(start: Date, end: Date, now: Date): { start: Date; end: Date } {
  const length = end.getTime() - start.getTime();
  if (length <= 0 || now < end) return { start, end };
  const periods = Math.floor((now.getTime() - end.getTime()) / length) + 1;
  return {
    start: new Date(start.getTime() + periods * length),
    end: new Date(end.getTime() + periods * length),
  };
}

/** The API subscription's current period and option, as `subscriptions` holds them. */
export interface ApiSubscriptionPeriod {
  start: Date | string;
  end: Date | string;
  plan: string | null;
}

/** The owner's newest live API subscription: what `apiSubscriptionOf` reads, for a join. */
export const apiSubscriptionSql = (userId: SQL | string) => sql`
  select current_period_start as start, current_period_end as end, request->>'plan' as plan
  from subscriptions
  where user_id = ${userId} and offer_id = 'apiAccess' and status in ('active', 'past_due')
  order by current_period_end desc limit 1`;

/**
 * The owner's API plan from their entitlements (the one function every unlocked feature asks),
 * with the period its calls count in: the subscription's billing period, or the calendar month.
 * Null when the owner has no API plan now. A caller that has read the subscription already (in
 * the same query as the key) passes it.
 */
export async function apiPlanOf(options: {
  db: DbOrTx;
  userId: string;
  subscription?: ApiSubscriptionPeriod | null;
}): Promise<ApiPlan | null> {
  const { db, userId } = options;
  const now = await billingNow(db);
  const granted = await entitlementsOf({ db, userId, now });
  const access = granted.filter((e) => e.feature === API_ACCESS_FEATURE);
  if (access.length === 0) return null;
  // Two grants at once (a change of plan in flight): the larger allowance, unlimited above all.
  const limit = access.some((e) => e.limit === null) ? null : Math.max(...access.map((e) => e.limit ?? 0));
  const sub =
    options.subscription !== undefined
      ? options.subscription
      : (await db.execute<ApiSubscriptionPeriod & Record<string, unknown>>(apiSubscriptionSql(userId)))
          .rows[0];
  const period = sub ? periodAt(new Date(sub.start), new Date(sub.end), now) : calendarMonth(now);
  const option = API_PLANS.find((p) => p.id === sub?.plan) ?? labelByLimit(limit);
  return { label: option?.label ?? "API", limit, periodStart: period.start, periodEnd: period.end, now };
}

const CALLS_BY_LABEL: Record<string, number | null> = { "10K": 10_000, "100K": 100_000, "1M": 1_000_000 };
const labelByLimit = (limit: number | null) =>
  API_PLANS.find((p) => (CALLS_BY_LABEL[p.calls] ?? null) === limit);
