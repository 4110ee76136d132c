import { sql } from "drizzle-orm";
import type { TApiUsage } from "../../../shared/api/api-keys";
import type { Db } from "../../db/pool";
import { apiPlanOf } from "./api-plan";

/**
 * Settings → API: the calls counted in the plan's present period (the quota's own counter) and
 * by UTC day over the period, every day present, for the chart.
 */
export async function getApiUsage(options: { db: Db; userId: string }): Promise<TApiUsage> {
  const { db, userId } = options;
  const plan = await apiPlanOf({ db, userId });
  if (!plan) {
    return {
      plan: null,
      limit: null,
      used: 0,
      remaining: null,
      periodStart: null,
      periodEnd: null,
      days: [],
    };
  }
  const start = plan.periodStart.toISOString();
  const { rows } = await db.execute<{ day: string; calls: string | number }>(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(u.calls, 0) as calls
    from generate_series(${start}::timestamptz at time zone 'UTC', ${plan.now.toISOString()}::timestamptz at time zone 'UTC', interval '1 day') as d(day)
    left join api_usage_days u on u.user_id = ${userId} and u.day = d.day::date
    order by d.day
  `);
  const [counted] = (
    await db.execute<{ calls: string | number }>(sql`
      select calls from api_quota_periods where user_id = ${userId} and period_start = ${start}::timestamptz
    `)
  ).rows;
  const used = Number(counted?.calls ?? 0);
  return {
    plan: plan.label,
    limit: plan.limit,
    used,
    remaining: plan.limit === null ? null : Math.max(0, plan.limit - used),
    periodStart: start,
    periodEnd: plan.periodEnd.toISOString(),
    days: rows.map((r) => ({ day: r.day, calls: Number(r.calls) })),
  };
}
