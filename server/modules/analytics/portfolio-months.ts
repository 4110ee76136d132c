import { sql } from "drizzle-orm";
import type { TPortfolioMonth } from "../../../shared/api/analytics";
import type { DbOrTx } from "../../db/tx";
import { REVENUE_BY_KIND, type RevenueByKind } from "./revenue-by-kind";

interface MonthRow extends Record<string, unknown>, RevenueByKind {
  month: string;
  parking_visitors: number;
  clicks: number;
  landing_visits: number;
  leads: number;
  rpm: string | null;
}

/**
 * The portfolio by calendar month in the user's time zone: the last `months` months, this one
 * included, oldest first, every month present (zeros when quiet). Revenue from the ledger's
 * quarter-hour buckets, traffic from imported reports and counted visits.
 */
export async function portfolioMonths(options: {
  db: DbOrTx;
  userId: string;
  months?: number;
  now?: Date;
}): Promise<TPortfolioMonth[]> {
  const { db, userId } = options;
  const months = options.months ?? 12;
  const now = (options.now ?? new Date()).toISOString();
  const { rows } = await db.execute<MonthRow>(sql`
    with zone as (
      select u.time_zone as tz,
        date_trunc('month', (${now}::timestamptz at time zone u.time_zone))::date as this_month
      from users u where u.id = ${userId}
    ),
    range as (
      select tz, (this_month - make_interval(months => ${months - 1}::int))::date as first,
        (this_month + interval '1 month')::date as after,
        ((this_month - make_interval(months => ${months - 1}::int))::timestamp at time zone tz) as starts,
        ((this_month + interval '1 month')::timestamp at time zone tz) as ends
      from zone
    ),
    calendar as (
      select (range.first + make_interval(months => i))::date as month
      from range, generate_series(0, ${months - 1}::int) i
    ),
    revenue as (
      select date_trunc('month', b.bucket at time zone range.tz)::date as month,
        ${REVENUE_BY_KIND}
      from revenue_buckets b cross join range
      where b.user_id = ${userId} and b.bucket >= range.starts and b.bucket < range.ends
      group by 1
    ),
    parking as (
      select date_trunc('month', p.day)::date as month, sum(p.visitors) as visitors, sum(p.clicks) as clicks,
        sum(p.revenue) as revenue
      from parking_reports p cross join range
      where p.user_id = ${userId} and p.day >= range.first and p.day < range.after
      group by 1
    ),
    landing as (
      select date_trunc('month', t.day)::date as month, sum(t.visits) as visits, sum(t.leads) as leads
      from domain_traffic t cross join range
      where t.user_id = ${userId} and t.day >= range.first and t.day < range.after
      group by 1
    )
    select to_char(c.month, 'YYYY-MM') as month,
      round(coalesce(r.parking, 0), 2)::text as parking, round(coalesce(r.lead, 0), 2)::text as lead,
      round(coalesce(r.marketplace, 0), 2)::text as marketplace,
      round(coalesce(r.affiliate, 0), 2)::text as affiliate,
      round(coalesce(r.other, 0), 2)::text as other, round(coalesce(r.total, 0), 2)::text as total,
      coalesce(p.visitors, 0)::int as parking_visitors, coalesce(p.clicks, 0)::int as clicks,
      coalesce(l.visits, 0)::int as landing_visits, coalesce(l.leads, 0)::int as leads,
      case when p.visitors > 0 then round(p.revenue * 1000 / p.visitors, 2)::text end as rpm
    from calendar c
    left join revenue r on r.month = c.month
    left join parking p on p.month = c.month
    left join landing l on l.month = c.month
    order by c.month
  `);
  return rows.map((r) => ({
    month: r.month,
    revenue: {
      parking: r.parking,
      lead: r.lead,
      marketplace: r.marketplace,
      affiliate: r.affiliate,
      other: r.other,
      total: r.total,
    },
    parkingVisitors: r.parking_visitors,
    clicks: r.clicks,
    landingVisits: r.landing_visits,
    leads: r.leads,
    rpm: r.rpm,
  }));
}
