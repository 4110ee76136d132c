import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/tx";

/** A user's revenue per complete day (their time zone), oldest first, gaps as zeros. */
export interface DailySeries {
  days: string[];
  values: number[];
}

interface Row extends Record<string, unknown> {
  key: string | null;
  day: string;
  amount: string;
}

/** "2026-03-01" moved by `n` days. */
export function shiftDay(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Every day from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let d = first; d <= last; d = shiftDay(d, 1)) out.push(d);
  return out;
}

/**
 * Every complete day from the account's first revenue to yesterday, the portfolio's and each
 * of `domainIds`' (the best earners the monthly history chose), and `today` in the user's zone.
 * Amounts leave SQL rounded to cents and become numbers only for the model.
 */
export async function dailyRevenue(options: {
  db: DbOrTx;
  userId: string;
  domainIds: readonly string[];
  now?: Date;
}): Promise<{ today: string; portfolio: DailySeries; domains: Map<string, DailySeries> }> {
  const { db, userId, domainIds } = options;
  const now = (options.now ?? new Date()).toISOString();
  // Ids as uuids, so that the events' index on the domain is used.
  const domains = domainIds.length
    ? sql`(${sql.join(
        domainIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`(null::uuid)`;
  const { rows } = await db.execute<Row>(sql`
    with zone as (
      select u.time_zone as tz, (${now}::timestamptz at time zone u.time_zone)::date as today
      from users u where u.id = ${userId}
    ),
    bounds as (select tz, today, (today::timestamp at time zone tz) as ends from zone),
    portfolio as (
      select null::text as key, (b.bucket at time zone bounds.tz)::date as day, sum(b.amount) as amount
      from revenue_buckets b cross join bounds
      where b.user_id = ${userId} and b.bucket < bounds.ends
      group by 2
    ),
    per_domain as (
      select e.domain_id::text as key, (e.occurred_at at time zone bounds.tz)::date as day, sum(e.amount) as amount
      from revenue_events e cross join bounds
      where e.user_id = ${userId} and e.domain_id in ${domains} and e.occurred_at < bounds.ends
      group by 1, 2
    )
    select key, to_char(day, 'YYYY-MM-DD') as day, round(amount, 2)::text as amount from portfolio
    union all
    select key, to_char(day, 'YYYY-MM-DD'), round(amount, 2)::text from per_domain
    union all
    select '', to_char(today, 'YYYY-MM-DD'), '0' from zone
    order by 2
  `);
  const today = rows.find((r) => r.key === "")?.day ?? now.slice(0, 10);
  const byKey = new Map<string | null, Map<string, number>>();
  for (const r of rows) {
    if (r.key === "") continue;
    const series = byKey.get(r.key) ?? new Map<string, number>();
    series.set(r.day, Number(r.amount));
    byKey.set(r.key, series);
  }
  const yesterday = shiftDay(today, -1);
  const fill = (series: Map<string, number> | undefined): DailySeries => {
    if (!series || series.size === 0) return { days: [], values: [] };
    const days = daysBetween([...series.keys()].sort()[0], yesterday);
    return { days, values: days.map((d) => series.get(d) ?? 0) };
  };
  return {
    today,
    portfolio: fill(byKey.get(null)),
    domains: new Map(domainIds.map((id) => [id, fill(byKey.get(id))])),
  };
}
