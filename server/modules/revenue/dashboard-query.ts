import { type SQL, sql } from "drizzle-orm";
import type { TRevenueRange } from "../../../shared/api/revenue";
import { isoTime } from "../../db/iso-time";

/** Days of the trend series per range; 24h is today's hours, read from the hourly series. */
const TREND_DAYS: Record<TRevenueRange, number> = { "24h": 1, "7d": 7, "30d": 30 };
/** Parking figures and visitors of a domain cover the owner's last 30 days, as on the portfolio. */
const DOMAIN_WINDOW_DAYS = 30;
const TOP_DOMAINS = 5;
const RECENT_EVENTS = 6;

/** A constant of this file written into the statement, where a parameter would have no type. */
const int = (n: number) => sql.raw(String(Math.trunc(n)));
const BUCKET = sql`'15 minutes'::interval`;
const ORIGIN = sql`timestamptz '2000-01-01 00:00:00+00'`;

/**
 * The whole dashboard as one statement answering one JSON document, so that its cost is one
 * round trip and the benchmark can time exactly this SQL against the endpoint.
 *
 * Every boundary is the user's local midnight, month start or hour turned back into an
 * instant, and sums read the quarter-hour `revenue_buckets` between such instants. The two
 * "same point" comparisons (yesterday at this time, last month on this day) end mid-bucket:
 * whole buckets up to the cut, then the few raw events between the cut and the instant.
 */
export function dashboardQuery(options: { userId: string; now: Date; range: TRevenueRange }): SQL {
  const { userId, now, range } = options;
  return sql`
    with clock as (
      select u.id as user_id, u.time_zone as tz, ${now.toISOString()}::timestamptz at time zone u.time_zone as local_now
      from users u where u.id = ${userId}
    ),
    bounds as (
      select c.user_id, c.tz, c.local_now::date as local_today,
        date_trunc('day', c.local_now) at time zone c.tz as today_start,
        (date_trunc('day', c.local_now) + interval '1 day') at time zone c.tz as tomorrow_start,
        (date_trunc('day', c.local_now) - interval '1 day') at time zone c.tz as yesterday_start,
        (c.local_now - interval '1 day') at time zone c.tz as yesterday_now,
        date_trunc('month', c.local_now) at time zone c.tz as month_start,
        (date_trunc('month', c.local_now) - interval '1 month') at time zone c.tz as last_month_start,
        (c.local_now - interval '1 month') at time zone c.tz as last_month_now,
        (date_trunc('day', c.local_now) - ${int(TREND_DAYS[range] - 1)} * interval '1 day') at time zone c.tz as trend_start
      from clock c
    ),
    b as (
      select bounds.*,
        date_bin(${BUCKET}, yesterday_now, ${ORIGIN}) as yesterday_cut,
        date_bin(${BUCKET}, last_month_now, ${ORIGIN}) as last_month_cut
      from bounds
    ),
    totals as (
      select
        coalesce(sum(rb.amount) filter (where rb.bucket >= b.today_start), 0) as today,
        coalesce(sum(rb.amount) filter (where rb.bucket >= b.yesterday_start and rb.bucket < b.yesterday_cut), 0) as yesterday,
        coalesce(sum(rb.amount) filter (where rb.bucket >= b.month_start), 0) as month,
        coalesce(sum(rb.amount) filter (where rb.bucket >= b.last_month_start and rb.bucket < b.last_month_cut), 0) as last_month,
        coalesce(sum(rb.amount) filter (where rb.bucket >= b.month_start and rb.type = 'parking'), 0) as parking,
        coalesce(sum(rb.amount) filter (where rb.bucket >= b.month_start and rb.type = 'marketplace'), 0) as marketplace,
        coalesce(sum(rb.amount) filter (where rb.bucket >= b.month_start and rb.type = 'affiliate'), 0) as affiliate,
        coalesce(sum(rb.amount) filter (where rb.bucket >= b.month_start and rb.type = 'lead'), 0) as lead,
        coalesce(sum(rb.amount) filter (
          where rb.bucket >= b.month_start and rb.type not in ('parking', 'marketplace', 'affiliate', 'lead')
        ), 0) as other
      from b join revenue_buckets rb on rb.user_id = b.user_id
        and rb.bucket >= least(b.last_month_start, b.yesterday_start) and rb.bucket < b.tomorrow_start
    ),
    edges as (
      -- Two narrow index range reads: an OR of both ranges in one join would scan every event.
      select
        (select coalesce(sum(e.amount), 0) from revenue_events e
          where e.user_id = b.user_id and e.occurred_at >= b.yesterday_cut and e.occurred_at < b.yesterday_now) as yesterday,
        (select coalesce(sum(e.amount), 0) from revenue_events e
          where e.user_id = b.user_id and e.occurred_at >= b.last_month_cut and e.occurred_at < b.last_month_now) as last_month
      from b
    ),
    figures as (
      select t.today, t.month, t.yesterday + e.yesterday as yesterday, t.last_month + e.last_month as last_month,
        t.parking, t.marketplace, t.affiliate, t.lead, t.other
      from totals t, edges e
    ),
    hours as (
      select extract(hour from rb.bucket at time zone b.tz)::int as hour, sum(rb.amount) as amount
      from b join revenue_buckets rb on rb.user_id = b.user_id
        and rb.bucket >= b.today_start and rb.bucket < b.tomorrow_start
      group by 1
    ),
    trend_days as (
      select (rb.bucket at time zone b.tz)::date as day, sum(rb.amount) as amount
      from b join revenue_buckets rb on rb.user_id = b.user_id
        and rb.bucket >= b.trend_start and rb.bucket < b.tomorrow_start
      group by 1
    ),
    domain_today as (
      select e.domain_id, sum(e.amount) as amount
      from b join revenue_events e on e.user_id = b.user_id
        and e.occurred_at >= b.today_start and e.occurred_at < b.tomorrow_start
      where e.domain_id is not null
      group by 1
    ),
    domain_parking as (
      -- Ranking reads one sum per domain; the top five's other figures are read for them alone.
      select p.domain_id, sum(p.revenue) as revenue
      from b join parking_reports p on p.user_id = b.user_id
        and p.day > b.local_today - ${int(DOMAIN_WINDOW_DAYS)} and p.day <= b.local_today
      group by 1
    ),
    active_domains as (
      select d.id, d.name, d.status, d.ad_network, d.created_at
      from b join domains d on d.user_id = b.user_id
      where d.status in ('active', 'parked') and d.sold_at is null
    ),
    top_domains as (
      select a.id, a.name, a.status, a.ad_network,
        coalesce(dt.amount, 0) as today,
        round(coalesce(dp.revenue, 0) / ${int(DOMAIN_WINDOW_DAYS)}, 2) as daily
      from active_domains a
      left join domain_parking dp on dp.domain_id = a.id
      left join domain_today dt on dt.domain_id = a.id
      order by daily desc, today desc, a.name
      limit ${int(TOP_DOMAINS)}
    ),
    top_parking as (
      select p.domain_id, sum(p.visitors) as visitors,
        -- Whole days only: today's report is still growing.
        sum(p.revenue) filter (where p.day < b.local_today and p.day >= b.local_today - 7) as last_week,
        sum(p.revenue) filter (where p.day < b.local_today - 7 and p.day >= b.local_today - 14) as week_before
      from b join parking_reports p on p.domain_id in (select id from top_domains)
        and p.day > b.local_today - ${int(DOMAIN_WINDOW_DAYS)} and p.day <= b.local_today
      group by 1
    ),
    top_traffic as (
      select t.domain_id, sum(t.visits) as visits
      from b join domain_traffic t on t.domain_id in (select id from top_domains)
        and t.day > b.local_today - ${int(DOMAIN_WINDOW_DAYS)}
      group by 1
    ),
    affiliate_stats as (
      -- Referrals are people who joined; an open invitation is not one yet.
      select (count(*) filter (where a.referred_user_id is not null or a.is_active))::int as total,
        (count(*) filter (where a.is_active))::int as active,
        coalesce(sum(a.total_commissions), 0) as commissions
      from b join affiliates a on a.user_id = b.user_id
    ),
    recent as (
      select ae.id, ae.kind, ae.description, ae.created_at
      from b join account_events ae on ae.user_id = b.user_id
      order by ae.created_at desc
      limit ${int(RECENT_EVENTS)}
    )
    select json_build_object(
      'timeZone', (select tz from b),
      'currentHour', (select extract(hour from local_now)::int from clock),
      'metrics', json_build_object(
        'todayRevenue', f.today::numeric(14,2)::text,
        'yesterdayRevenue', f.yesterday::numeric(14,2)::text,
        'todayChangePercent', case when f.yesterday > 0 then round((f.today - f.yesterday) / f.yesterday * 100, 1)::float8 end,
        'monthlyRevenue', f.month::numeric(14,2)::text,
        'lastMonthRevenue', f.last_month::numeric(14,2)::text,
        'monthlyChangePercent', case when f.last_month > 0 then round((f.month - f.last_month) / f.last_month * 100, 1)::float8 end,
        'activeDomains', (select count(*)::int from active_domains),
        'newDomainsThisMonth', (select count(*)::int from active_domains a, b where a.created_at >= b.month_start),
        'affiliateEarnings', f.affiliate::numeric(14,2)::text
      ),
      'revenue', json_build_object(
        'parking', f.parking::numeric(14,2)::text,
        'marketplace', f.marketplace::numeric(14,2)::text,
        'affiliate', f.affiliate::numeric(14,2)::text,
        'lead', f.lead::numeric(14,2)::text,
        'other', f.other::numeric(14,2)::text
      ),
      'hourlyRevenue', (
        select json_agg(json_build_object('hour', h, 'amount', coalesce(hours.amount, 0)::float8) order by h)
        from generate_series(0, 23) h left join hours on hours.hour = h
      ),
      'trendDays', (
        select json_agg(json_build_object('key', to_char(d, 'YYYY-MM-DD'), 'amount', coalesce(td.amount, 0)::float8) order by d)
        from b, generate_series((b.local_today - ${int(TREND_DAYS[range] - 1)})::timestamp, b.local_today::timestamp, interval '1 day') d
        left join trend_days td on td.day = d::date
      ),
      'topDomains', coalesce((
        select json_agg(json_build_object(
          'id', td.id, 'name', td.name, 'status', td.status, 'adNetwork', td.ad_network,
          'todayRevenue', td.today::numeric(14,2)::text,
          'dailyParkingRevenue', td.daily::numeric(14,2)::text,
          'monthlyEstimate', (td.daily * 30)::numeric(14,2)::text,
          'visitors', (coalesce(tp.visitors, 0) + coalesce(tt.visits, 0))::int,
          'trendPercent', case when coalesce(tp.week_before, 0) > 0
            then round((coalesce(tp.last_week, 0) - tp.week_before) / tp.week_before * 100, 1)::float8 end
        ) order by td.daily desc, td.today desc, td.name)
        from top_domains td
        left join top_parking tp on tp.domain_id = td.id
        left join top_traffic tt on tt.domain_id = td.id
      ), '[]'::json),
      'affiliateStats', (
        select json_build_object('totalReferrals', s.total, 'activeReferrals', s.active,
          'totalCommissions', s.commissions::numeric(14,2)::text)
        from affiliate_stats s
      ),
      'recentEvents', coalesce((
        select json_agg(json_build_object('id', r.id, 'kind', r.kind, 'description', r.description,
          'createdAt', ${isoTime(sql`r.created_at`)}) order by r.created_at desc)
        from recent r
      ), '[]'::json)
    ) as dashboard,
    -- The account's version in the same snapshot as the figures: the answer's ETag (polled reads).
    (select version from account_versions where user_id = ${userId}) as version
    from figures f
  `;
}
