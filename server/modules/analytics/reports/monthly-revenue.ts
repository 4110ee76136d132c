import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/tx";

/** A user's revenue per completed calendar month (their time zone), oldest first, gaps as zeros. */
export interface MonthlySeries {
  months: string[];
  values: number[];
}

interface Row extends Record<string, unknown> {
  key: string | null;
  month: string;
  amount: string;
}

/**
 * Every completed month from the account's first revenue to last month: the portfolio's total
 * and, for the `topDomains` best earners of the last 12 months, each domain's. Amounts leave SQL
 * rounded to cents and become numbers only for the model (docs/decisions/0012-forecasting-with-augurs.md).
 */
export async function monthlyRevenue(options: {
  db: DbOrTx;
  userId: string;
  topDomains: number;
  now?: Date;
}): Promise<{ portfolio: MonthlySeries; domains: { id: string; name: string; series: MonthlySeries }[] }> {
  const { db, userId, topDomains } = options;
  const now = (options.now ?? new Date()).toISOString();
  const { rows } = await db.execute<Row>(sql`
    with zone as (
      select u.time_zone as tz,
        date_trunc('month', (${now}::timestamptz at time zone u.time_zone))::date as this_month
      from users u where u.id = ${userId}
    ),
    bounds as (
      select tz, this_month, (this_month::timestamp at time zone tz) as ends from zone
    ),
    portfolio as (
      select null::text as key, date_trunc('month', b.bucket at time zone bounds.tz)::date as month,
        sum(b.amount) as amount
      from revenue_buckets b cross join bounds
      where b.user_id = ${userId} and b.bucket < bounds.ends
      group by 2
    ),
    best as (
      select e.domain_id from revenue_events e cross join bounds
      where e.user_id = ${userId} and e.domain_id is not null and e.occurred_at < bounds.ends
        and e.occurred_at >= bounds.ends - interval '12 months'
      group by e.domain_id order by sum(e.amount) desc limit ${topDomains}
    ),
    per_domain as (
      select e.domain_id::text as key, date_trunc('month', e.occurred_at at time zone bounds.tz)::date as month,
        sum(e.amount) as amount
      from revenue_events e cross join bounds
      where e.user_id = ${userId} and e.domain_id in (select domain_id from best) and e.occurred_at < bounds.ends
      group by 1, 2
    )
    select key, to_char(month, 'YYYY-MM') as month, round(amount, 2)::text as amount from portfolio
    union all
    select key, to_char(month, 'YYYY-MM'), round(amount, 2)::text from per_domain
    order by 2
  `);
  const names = await domainNames(db, userId, [...new Set(rows.map((r) => r.key).filter((k) => k !== null))]);
  const byKey = new Map<string | null, Map<string, number>>();
  for (const r of rows) {
    const series = byKey.get(r.key) ?? new Map<string, number>();
    series.set(r.month, Number(r.amount));
    byKey.set(r.key, series);
  }
  const lastMonth = previousMonth(await thisMonth(db, userId, now));
  const fill = (series: Map<string, number> | undefined): MonthlySeries => {
    if (!series || series.size === 0) return { months: [], values: [] };
    const months = monthsBetween([...series.keys()].sort()[0], lastMonth);
    return { months, values: months.map((m) => series.get(m) ?? 0) };
  };
  return {
    portfolio: fill(byKey.get(null)),
    domains: [...names].map(([id, name]) => ({ id, name, series: fill(byKey.get(id)) })),
  };
}

async function domainNames(db: DbOrTx, userId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<{ id: string; name: string }>(sql`
    select id::text, name from domains where user_id = ${userId}
      and id::text in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
    order by name
  `);
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function thisMonth(db: DbOrTx, userId: string, now: string): Promise<string> {
  const { rows } = await db.execute<{ month: string }>(sql`
    select to_char((${now}::timestamptz at time zone time_zone), 'YYYY-MM') as month from users where id = ${userId}
  `);
  return rows[0]?.month ?? now.slice(0, 7);
}

/** "2026-01" → "2025-12". */
export function previousMonth(month: string): string {
  return shiftMonth(month, -1);
}

/** The month `n` months after `month` ("YYYY-MM"). */
export function shiftMonth(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

/** Every month from `first` to `last`, both included. */
export function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let m = first; m <= last; m = shiftMonth(m, 1)) out.push(m);
  return out;
}
