import { sql } from "drizzle-orm";
import type { TRevenueDaily, TRevenueDailyQuery } from "../../shared/api/v1/revenue";
import type { Db } from "../db/pool";

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;

/**
 * Revenue per UTC day and type over the range, every day present, summed from the quarter-hour
 * buckets that the triggers keep in step with the events (so a year costs a few thousand rows).
 */
export async function revenueDaily(options: {
  db: Db;
  userId: string;
  query: TRevenueDailyQuery;
}): Promise<TRevenueDaily> {
  const { db, userId, query } = options;
  const to = query.to ?? new Date().toISOString().slice(0, 10);
  const from =
    query.from ?? new Date(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const { rows } = await db.execute<TRevenueDaily["days"][number] & Record<string, unknown>>(sql`
    with sums as (
      select (b.bucket at time zone 'UTC')::date as day, b.type, sum(b.amount) as amount, sum(b.events) as events
      from revenue_buckets b
      where b.user_id = ${userId}
        and b.bucket >= ${from}::date::timestamp at time zone 'UTC'
        and b.bucket < (${to}::date + 1)::timestamp at time zone 'UTC'
      group by 1, 2
    )
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce(sum(s.amount), 0)::numeric(14,2)::text as total,
      coalesce(sum(s.amount) filter (where s.type = 'parking'), 0)::numeric(14,2)::text as parking,
      coalesce(sum(s.amount) filter (where s.type = 'lead'), 0)::numeric(14,2)::text as lead,
      coalesce(sum(s.amount) filter (where s.type = 'marketplace'), 0)::numeric(14,2)::text as marketplace,
      coalesce(sum(s.amount) filter (where s.type = 'affiliate'), 0)::numeric(14,2)::text as affiliate,
      coalesce(sum(s.amount) filter (where s.type not in ('parking', 'lead', 'marketplace', 'affiliate')), 0)::numeric(14,2)::text as other,
      coalesce(sum(s.events), 0)::int as events
    from generate_series(${from}::date, ${to}::date, interval '1 day') as d(day)
    left join sums s on s.day = d.day::date
    group by d.day
    order by d.day
  `);
  return { from, to, days: rows };
}
