import { type SQL, sql } from "drizzle-orm";
import { PNL_RANGE_DAYS, RENEWAL_DAYS, type TPnlRange } from "../../../shared/api/pnl";

/** Whose figures: a user's whole portfolio, or one of their domains. */
export interface PnlScope {
  userId: string;
  domainId?: string;
  range: TPnlRange;
  now: Date;
}

/** A constant of this file written into the statement, where a parameter would have no type. */
const int = (n: number) => sql.raw(String(Math.trunc(n)));
/** Money as the API sends it: a decimal string with two places. */
export const money = (value: SQL) => sql`round(${value}, 2)::text`;
/** Trailing revenue (for the renewal hint) covers the last 365 days, today included. */
const TRAILING_DAYS = 365;

/**
 * Where a sum "from the local midnight `x` on" is read: whole UTC months from `month_from`,
 * whole UTC days between `day_from` and `day_to` (added, or taken away when `day_sign` is -1)
 * and the raw events between `raw_from` and `raw_to` (the same). A start in the first half of
 * its UTC day takes the day whole and removes the hours before `x`, otherwise it adds the hours
 * up to midnight; likewise a first day in the first half of its month takes the month whole and
 * removes the days before it. So at most half a day of events and half a month of days are read.
 */
function edge(name: string, dayColumn: "start_day" | "trailing_day"): SQL {
  return sql`${sql.raw(name)} as (
    select x,
      case when day_whole then day_start else x end as raw_from,
      case when day_whole then x else day_start + interval '1 day' end as raw_to,
      case when day_whole then -1 else 1 end as raw_sign,
      case when month_whole then m0 else fd end as day_from,
      case when month_whole then fd else m1 end as day_to,
      case when month_whole then -1 else 1 end as day_sign,
      case when month_whole then m0 else m1 end as month_from
    from period p
    cross join lateral (select p.${sql.raw(dayColumn)}::timestamp at time zone p.tz as x) a
    cross join lateral (select (a.x at time zone 'UTC')::date as utc_day) b
    cross join lateral (select b.utc_day::timestamp at time zone 'UTC' as day_start) c
    cross join lateral (select a.x - c.day_start <= interval '12 hours' as day_whole) d
    cross join lateral (select case when d.day_whole then b.utc_day else b.utc_day + 1 end as fd) e
    cross join lateral (
      select date_trunc('month', e.fd)::date as m0, (date_trunc('month', e.fd) + interval '1 month')::date as m1
    ) f
    cross join lateral (select e.fd - f.m0 <= f.m1 - e.fd as month_whole) g
  )`;
}

const bySource = (amount: SQL, type: SQL) => ({
  parking: sql`case when ${type} = 'parking' then ${amount} else 0 end`,
  lead: sql`case when ${type} = 'lead' then ${amount} else 0 end`,
  marketplace: sql`case when ${type} = 'marketplace' then ${amount} else 0 end`,
  other: sql`case when ${type} not in ('parking', 'lead', 'marketplace') then ${amount} else 0 end`,
});

/**
 * The one definition of a domain's P&L, for one domain or a whole portfolio in a single pass:
 * common table expressions ending in `pnl` (one row per domain: income by source, costs,
 * trailing revenue, renewal cost and expiry) and `period` (the owner's zone, today, the range's
 * first day). Income is read from the per-domain month and day rollups plus the few raw events
 * at the range's edges, so its cost does not grow with the number of events. All money is
 * `numeric`; the renewal share is rounded to the cent per domain, so totals are the rows' sums.
 */
export function pnlTables(scope: PnlScope): SQL {
  const { userId, domainId, range, now } = scope;
  const all = range === "all";
  const onlyDomain = (column: string) => (domainId ? sql`and ${sql.raw(column)} = ${domainId}` : sql``);
  const inRange = (condition: SQL) => (all ? sql`true` : condition);

  const monthCut = all ? sql`` : sql`and m.month >= least(r.month_from, t.month_from)`;
  const dayWindow = (e: string) => sql`(m.day >= ${sql.raw(e)}.day_from and m.day < ${sql.raw(e)}.day_to)`;
  const rawWindow = (e: string) =>
    sql`(ev.occurred_at >= ${sql.raw(e)}.raw_from and ev.occurred_at < ${sql.raw(e)}.raw_to)`;
  const rangeEdges = all ? sql`trailing_edge t` : sql`range_edge r, trailing_edge t`;
  const raw = bySource(sql`ev.amount`, sql`ev.type`);

  return sql`
    with period as (
      select u.id as user_id, u.time_zone as tz, local.today,
        ${all ? sql`null::date` : sql`local.today - ${int(PNL_RANGE_DAYS[range as keyof typeof PNL_RANGE_DAYS] - 1)}`} as start_day,
        local.today - ${int(TRAILING_DAYS - 1)} as trailing_day
      from users u
      cross join lateral (select (${now.toISOString()}::timestamptz at time zone u.time_zone)::date as today) local
      where u.id = ${userId}
    ),
    ${all ? sql`` : sql`${edge("range_edge", "start_day")},`}
    ${edge("trailing_edge", "trailing_day")},
    month_sums as (
      select m.domain_id,
        sum(m.parking) filter (where ${inRange(sql`m.month >= r.month_from`)}) as parking,
        sum(m.lead) filter (where ${inRange(sql`m.month >= r.month_from`)}) as lead,
        sum(m.marketplace) filter (where ${inRange(sql`m.month >= r.month_from`)}) as marketplace,
        sum(m.other) filter (where ${inRange(sql`m.month >= r.month_from`)}) as other,
        sum(m.parking + m.lead + m.marketplace + m.other) filter (where m.month >= t.month_from) as trailing
      from domain_revenue_months m, ${rangeEdges}
      where m.user_id = ${userId} ${onlyDomain("m.domain_id")} ${monthCut}
      group by m.domain_id
    ),
    day_sums as (
      select m.domain_id,
        ${
          all
            ? sql`0 as parking, 0 as lead, 0 as marketplace, 0 as other,`
            : sql`
        coalesce(sum(m.parking * r.day_sign) filter (where ${dayWindow("r")}), 0) as parking,
        coalesce(sum(m.lead * r.day_sign) filter (where ${dayWindow("r")}), 0) as lead,
        coalesce(sum(m.marketplace * r.day_sign) filter (where ${dayWindow("r")}), 0) as marketplace,
        coalesce(sum(m.other * r.day_sign) filter (where ${dayWindow("r")}), 0) as other,`
        }
        coalesce(sum((m.parking + m.lead + m.marketplace + m.other) * t.day_sign) filter (where ${dayWindow("t")}), 0) as trailing
      from domain_revenue_days m, ${rangeEdges}
      where m.user_id = ${userId} ${onlyDomain("m.domain_id")}
        and (${dayWindow("t")} ${all ? sql`` : sql`or ${dayWindow("r")}`})
      group by m.domain_id
    ),
    raw_sums as (
      select ev.domain_id,
        ${
          all
            ? sql`0 as parking, 0 as lead, 0 as marketplace, 0 as other,`
            : sql`
        coalesce(sum(${raw.parking} * r.raw_sign) filter (where ${rawWindow("r")}), 0) as parking,
        coalesce(sum(${raw.lead} * r.raw_sign) filter (where ${rawWindow("r")}), 0) as lead,
        coalesce(sum(${raw.marketplace} * r.raw_sign) filter (where ${rawWindow("r")}), 0) as marketplace,
        coalesce(sum(${raw.other} * r.raw_sign) filter (where ${rawWindow("r")}), 0) as other,`
        }
        coalesce(sum(ev.amount * t.raw_sign) filter (where ${rawWindow("t")}), 0) as trailing
      from revenue_events ev
      join domains d on d.id = ev.domain_id and d.user_id = ${userId},
      ${rangeEdges}
      where ev.user_id = ${userId} ${onlyDomain("ev.domain_id")}
        and (${rawWindow("t")} ${all ? sql`` : sql`or ${rawWindow("r")}`})
      group by ev.domain_id
    ),
    service_sums as (
      select o.domain_id, sum(o.price) as amount
      from service_orders o ${all ? sql`` : sql`, range_edge r`}
      where o.user_id = ${userId} and o.status = 'paid' and o.domain_id is not null ${onlyDomain("o.domain_id")}
        ${all ? sql`` : sql`and o.paid_at >= r.x`}
      group by o.domain_id
    ),
    held as (
      select d.id, d.name, d.purchase_price, d.renewal_cost, p.today, p.start_day,
        (d.registration_date at time zone p.tz)::date as reg_day,
        (d.expiry_date at time zone p.tz)::date as expiry_day,
        -- The first day of the range the domain was held: its registration, if later.
        greatest((d.registration_date at time zone p.tz)::date, coalesce(p.start_day, (d.registration_date at time zone p.tz)::date)) as held_from
      from domains d, period p
      where d.user_id = ${userId} ${onlyDomain("d.id")}
    ),
    figures as (
      select h.id, h.name, h.renewal_cost, h.expiry_day, h.today, h.reg_day, h.start_day, h.held_from,
        h.purchase_price,
        coalesce(ms.parking, 0) + coalesce(ds.parking, 0) + coalesce(rs.parking, 0) as parking,
        coalesce(ms.lead, 0) + coalesce(ds.lead, 0) + coalesce(rs.lead, 0) as lead,
        coalesce(ms.marketplace, 0) + coalesce(ds.marketplace, 0) + coalesce(rs.marketplace, 0) as marketplace,
        coalesce(ms.other, 0) + coalesce(ds.other, 0) + coalesce(rs.other, 0) as other,
        coalesce(ms.trailing, 0) + coalesce(ds.trailing, 0) + coalesce(rs.trailing, 0) as trailing,
        case when h.purchase_price is not null and (h.start_day is null or h.reg_day >= h.start_day)
          then h.purchase_price else 0 end as purchase,
        round(coalesce(h.renewal_cost, 0) * greatest(0, h.today - h.held_from + 1) / ${int(RENEWAL_DAYS)}, 2) as renewal,
        coalesce(ss.amount, 0) as services
      from held h
      left join month_sums ms on ms.domain_id = h.id
      left join day_sums ds on ds.domain_id = h.id
      left join raw_sums rs on rs.domain_id = h.id
      left join service_sums ss on ss.domain_id = h.id
    ),
    pnl as (
      select f.*,
        f.parking + f.lead + f.marketplace + f.other as income,
        f.purchase + f.renewal + f.services as costs,
        f.parking + f.lead + f.marketplace + f.other - f.purchase - f.renewal - f.services as net,
        case when f.purchase + f.renewal + f.services > 0 then round(
          (f.parking + f.lead + f.marketplace + f.other - f.purchase - f.renewal - f.services) * 100
            / (f.purchase + f.renewal + f.services), 1) end as roi,
        f.expiry_day - f.today as days_to_expiry
      from figures f
    )
  `;
}
