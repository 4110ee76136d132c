import { sql } from "drizzle-orm";
import {
  ANALYTICS_RANGE_DAYS,
  BREAKDOWN_ROWS,
  type TAnalyticsBreakdowns,
  type TAnalyticsRange,
  type TDomainBreakdown,
  type TVisitShare,
} from "../../../shared/api/analytics";
import type { DbOrTx } from "../../db/tx";
import { countryName } from "../../lib/place";
import { rangeCte } from "./analytics.service";

interface DomainRow extends Record<string, unknown> {
  id: string;
  name: string;
  parking_visitors: number;
  clicks: number;
  parking_revenue: string;
  rpm: string | null;
  ctr: number | null;
  epc: string | null;
  landing_visits: number;
  leads: number;
  lead_conversion: number | null;
  first: string;
  last: string;
  total: number;
}

/**
 * Every domain of the user over the range, best parking earner first: ad-network visitors,
 * clicks and revenue from imported reports with RPM, CTR and EPC worked out in SQL (money stays
 * numeric), and the parked page's counted visits and leads with their conversion. `limit` null
 * answers every domain (the CSV export).
 */
export async function domainBreakdown(options: {
  db: DbOrTx;
  userId: string;
  range: TAnalyticsRange;
  limit: number | null;
  now?: Date;
}): Promise<{ from: string; to: string; rows: TDomainBreakdown[]; total: number }> {
  const { db, userId, range, limit } = options;
  const days = ANALYTICS_RANGE_DAYS[range];
  const { rows } = await db.execute<DomainRow>(sql`
    with ${rangeCte(userId, options.now ?? new Date(), days)},
    parking as (
      select p.domain_id, sum(p.visitors) as visitors, sum(p.clicks) as clicks, sum(p.revenue) as revenue
      from parking_reports p cross join range
      where p.user_id = ${userId} and p.day between range.first and range.last
      group by p.domain_id
    ),
    landing as (
      select t.domain_id, sum(t.visits) as visits, sum(t.leads) as leads
      from domain_traffic t cross join range
      where t.user_id = ${userId} and t.day between range.first and range.last
      group by t.domain_id
    ),
    joined as (
      select d.id, d.name, coalesce(p.visitors, 0) as pv, coalesce(p.clicks, 0) as clicks,
        coalesce(p.revenue, 0) as revenue, coalesce(l.visits, 0) as lv, coalesce(l.leads, 0) as leads
      from domains d
      left join parking p on p.domain_id = d.id
      left join landing l on l.domain_id = d.id
      where d.user_id = ${userId}
    )
    select j.id, j.name, j.pv::int as parking_visitors, j.clicks::int as clicks,
      round(j.revenue, 2)::text as parking_revenue,
      case when j.pv > 0 then round(j.revenue * 1000 / j.pv, 2)::text end as rpm,
      case when j.pv > 0 then round(j.clicks * 100.0 / j.pv, 2)::float8 end as ctr,
      case when j.clicks > 0 then round(j.revenue / j.clicks, 2)::text end as epc,
      j.lv::int as landing_visits, j.leads::int as leads,
      case when j.lv > 0 then round(j.leads * 100.0 / j.lv, 2)::float8 end as lead_conversion,
      to_char(range.first, 'YYYY-MM-DD') as first, to_char(range.last, 'YYYY-MM-DD') as last,
      (count(*) over ())::int as total
    from joined j cross join range
    order by j.revenue desc, j.lv desc, j.name
    ${limit === null ? sql`` : sql`limit ${limit}`}
  `);
  const dates = await rangeDates(db, userId, options.now, days);
  return {
    ...dates,
    total: rows[0]?.total ?? 0,
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      parkingVisitors: r.parking_visitors,
      clicks: r.clicks,
      parkingRevenue: r.parking_revenue,
      rpm: r.rpm,
      ctr: r.ctr,
      epc: r.epc,
      landingVisits: r.landing_visits,
      leads: r.leads,
      leadConversion: r.lead_conversion,
    })),
  };
}

/** The first and last calendar day of a range in the user's time zone. */
export async function rangeDates(db: DbOrTx, userId: string, now: Date | undefined, days: number) {
  const { rows } = await db.execute<{ first: string; last: string }>(sql`
    with ${rangeCte(userId, now ?? new Date(), days)}
    select to_char(first, 'YYYY-MM-DD') as first, to_char(last, 'YYYY-MM-DD') as last from range
  `);
  return { from: rows[0]?.first ?? "", to: rows[0]?.last ?? "" };
}

/**
 * Landing visits over the range grouped by the visitor's country or the referring host, as they
 * were recorded at each visit; most visits first.
 */
export async function visitShares(options: {
  db: DbOrTx;
  userId: string;
  range: TAnalyticsRange;
  by: "country" | "referrer";
  limit: number | null;
  now?: Date;
}): Promise<TVisitShare[]> {
  const { db, userId, range, by, limit } = options;
  const column = by === "country" ? sql`s.country` : sql`s.referrer`;
  const { rows } = await db.execute<{ key: string; visits: number }>(sql`
    with ${rangeCte(userId, options.now ?? new Date(), ANALYTICS_RANGE_DAYS[range])}
    select ${column} as key, sum(s.visits)::int as visits
    from domain_visit_sources s cross join range
    where s.user_id = ${userId} and s.day between range.first and range.last
    group by 1
    order by 2 desc, 1
    ${limit === null ? sql`` : sql`limit ${limit}`}
  `);
  return rows.map(({ key, visits }) => ({
    key,
    visits,
    label: key === "" ? (by === "country" ? "Unknown" : "Direct") : by === "country" ? countryName(key) : key,
  }));
}

/** The breakdowns of the Analytics page for a range (the first `BREAKDOWN_ROWS` rows of each). */
export async function getBreakdowns(options: {
  db: DbOrTx;
  userId: string;
  range: TAnalyticsRange;
  now?: Date;
}): Promise<TAnalyticsBreakdowns> {
  const base = { ...options, limit: BREAKDOWN_ROWS };
  const [domains, countries, referrers] = await Promise.all([
    domainBreakdown(base),
    visitShares({ ...base, by: "country" }),
    visitShares({ ...base, by: "referrer" }),
  ]);
  return {
    range: options.range,
    from: domains.from,
    to: domains.to,
    domains: domains.rows,
    domainCount: domains.total,
    countries,
    referrers,
  };
}
