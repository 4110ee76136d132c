import { type SQL, sql } from "drizzle-orm";
import {
  ANALYTICS_RANGE_DAYS,
  type TAnalyticsAnswer,
  type TAnalyticsDay,
  type TAnalyticsRange,
  type TTopDomain,
} from "../../../shared/api/analytics";
import type { DbOrTx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import { REVENUE_BY_KIND, type RevenueByKind } from "./revenue-by-kind";

const TOP_DOMAINS = 5;

/**
 * The `range` CTE: the user's time zone and the first and last calendar day of the range in it
 * (the last is today there), plus the instants where those days begin and end.
 */
export function rangeCte(userId: string, now: Date, days: number): SQL {
  return sql`range as (
    select tz, today - ${days - 1}::int as first, today as last,
      ((today - ${days - 1}::int)::timestamp at time zone tz) as starts,
      ((today + 1)::timestamp at time zone tz) as ends
    from (
      select u.time_zone as tz, (${now.toISOString()}::timestamptz at time zone u.time_zone)::date as today
      from users u where u.id = ${userId}
    ) zone
  )`;
}

interface SeriesRow extends Record<string, unknown>, RevenueByKind {
  day: string | null;
  tz: string;
  first: string;
  last: string;
  visitors: number;
  page_visits: number;
  leads: number;
  conversion_rate: number;
}

/**
 * One row per day of the range (days without data as zeros), then one totals row (day null).
 * Revenue comes from the ledger's quarter-hour buckets (kept in step with revenue events by
 * triggers): every zone's days are whole buckets, and a day costs at most 96 rows per source
 * however many events it had. Money is summed and rounded in SQL and leaves as decimal strings.
 */
async function seriesRows(db: DbOrTx, userId: string, now: Date, days: number): Promise<SeriesRow[]> {
  const result = await db.execute<SeriesRow>(sql`
    with ${rangeCte(userId, now, days)},
    calendar as (
      select range.first + i as day from range, generate_series(0, ${days - 1}::int) i
    ),
    revenue as (
      select (b.bucket at time zone range.tz)::date as day,
        ${REVENUE_BY_KIND}
      from revenue_buckets b cross join range
      where b.user_id = ${userId} and b.bucket >= range.starts and b.bucket < range.ends
      group by 1
    ),
    visits as (
      select t.day, t.visits as visitors, t.visits as page_visits, t.leads from domain_traffic t cross join range
      where t.user_id = ${userId} and t.day between range.first and range.last
      union all
      select p.day, p.visitors, 0, 0 from parking_reports p cross join range
      where p.user_id = ${userId} and p.day between range.first and range.last
    ),
    traffic as (
      select day, sum(visitors) as visitors, sum(page_visits) as page_visits, sum(leads) as leads
      from visits group by day
    ),
    series as (
      select c.day,
        coalesce(r.parking, 0) as parking, coalesce(r.lead, 0) as lead,
        coalesce(r.marketplace, 0) as marketplace, coalesce(r.affiliate, 0) as affiliate,
        coalesce(r.other, 0) as other, coalesce(r.total, 0) as total,
        coalesce(t.visitors, 0) as visitors, coalesce(t.page_visits, 0) as page_visits,
        coalesce(t.leads, 0) as leads
      from calendar c
      left join revenue r on r.day = c.day
      left join traffic t on t.day = c.day
    ),
    with_totals as (
      select * from series
      union all
      select null, sum(parking), sum(lead), sum(marketplace), sum(affiliate), sum(other), sum(total),
        sum(visitors), sum(page_visits), sum(leads)
      from series
    )
    select to_char(w.day, 'YYYY-MM-DD') as day, range.tz,
      to_char(range.first, 'YYYY-MM-DD') as first, to_char(range.last, 'YYYY-MM-DD') as last,
      round(w.parking, 2)::text as parking, round(w.lead, 2)::text as lead,
      round(w.marketplace, 2)::text as marketplace, round(w.affiliate, 2)::text as affiliate,
      round(w.other, 2)::text as other, round(w.total, 2)::text as total,
      w.visitors::int as visitors, w.page_visits::int as page_visits, w.leads::int as leads,
      -- Leads come from the parked page's form: conversion is over its visits, as the reports count it.
      (case when w.page_visits > 0 then round(w.leads * 100.0 / w.page_visits, 2) else 0 end)::float8
        as conversion_rate
    from with_totals w cross join range
    order by w.day nulls last
  `);
  return result.rows;
}

interface TopDomainRow extends Record<string, unknown> {
  id: string;
  name: string;
  revenue: string;
  visitors: number;
  leads: number;
}

/** The user's domains that earned the most in the range, with their traffic over it. */
async function topDomains(db: DbOrTx, userId: string, now: Date, days: number): Promise<TTopDomain[]> {
  const result = await db.execute<TopDomainRow>(sql`
    with ${rangeCte(userId, now, days)},
    earners as (
      select d.id, d.name, sum(e.amount) as revenue
      from revenue_events e
      join domains d on d.id = e.domain_id and d.user_id = ${userId}
      cross join range
      where e.user_id = ${userId} and e.occurred_at >= range.starts and e.occurred_at < range.ends
      group by d.id, d.name
      order by revenue desc, d.name
      limit ${TOP_DOMAINS}
    )
    select x.id, x.name, round(x.revenue, 2)::text as revenue,
      (coalesce((select sum(t.visits) from domain_traffic t
          where t.domain_id = x.id and t.day between range.first and range.last), 0)
        + coalesce((select sum(p.visitors) from parking_reports p
          where p.domain_id = x.id and p.day between range.first and range.last), 0))::int as visitors,
      coalesce((select sum(t.leads) from domain_traffic t
        where t.domain_id = x.id and t.day between range.first and range.last), 0)::int as leads
    from earners x cross join range
    order by x.revenue desc, x.name
  `);
  return result.rows.map(({ id, name, revenue, visitors, leads }) => ({
    id,
    name,
    revenue,
    visitors,
    leads,
  }));
}

function toDay(row: SeriesRow): Omit<TAnalyticsDay, "day"> {
  return {
    revenue: {
      parking: row.parking,
      lead: row.lead,
      marketplace: row.marketplace,
      affiliate: row.affiliate,
      other: row.other,
      total: row.total,
    },
    visitors: row.visitors,
    pageVisits: row.page_visits,
    leads: row.leads,
    conversionRate: row.conversion_rate,
  };
}

/**
 * Analytics of the last 7, 30 or 90 days in the user's time zone: revenue by source, visitors,
 * leads and lead conversion per day (every day present), their totals, and the top domains.
 */
export async function getAnalytics(options: {
  db: DbOrTx;
  userId: string;
  range: TAnalyticsRange;
  now?: Date;
}): Promise<TAnalyticsAnswer> {
  const { db, userId, range } = options;
  const now = options.now ?? new Date();
  const days = ANALYTICS_RANGE_DAYS[range];
  const [rows, top] = await Promise.all([
    seriesRows(db, userId, now, days),
    topDomains(db, userId, now, days),
  ]);
  const totals = rows.at(-1);
  if (!totals) throw new AppError("UNAUTHORIZED", "Please sign in to continue");
  return {
    range,
    timeZone: totals.tz,
    from: totals.first,
    to: totals.last,
    days: rows.slice(0, -1).map((row) => ({ day: row.day ?? "", ...toDay(row) })),
    totals: toDay(totals),
    topDomains: top,
  };
}
