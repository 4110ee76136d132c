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

const SOURCES = ["parking", "lead", "marketplace", "other"] as const;
const TOTAL = sql`m.parking + m.lead + m.marketplace + m.other`;

/** A raw event's amount as one of the P&L's sources. */
const rawSource = (source: (typeof SOURCES)[number]) =>
  source === "other"
    ? sql`case when ev.type not in ('parking', 'lead', 'marketplace') then ev.amount else 0 end`
    : sql`case when ev.type = ${sql.raw(`'${source}'`)} then ev.amount else 0 end`;

/**
 * Signed sums per domain over one edge's whole days (`domain_revenue_days`) and raw events: by
 * source for the range's edge, the total alone for the trailing year's.
 */
function edgeSums(edgeName: string, bySource: boolean, userId: string, onlyDomain: (c: string) => SQL) {
  const e = sql.raw(edgeName);
  const dayColumns = bySource
    ? sql.join(
        SOURCES.map((s) => sql`e.day_sign * sum(m.${sql.raw(s)}) as ${sql.raw(s)}`),
        sql`, `,
      )
    : sql`e.day_sign * sum(${TOTAL}) as total`;
  const rawColumns = bySource
    ? sql.join(
        SOURCES.map((s) => sql`e.raw_sign * sum(${rawSource(s)}) as ${sql.raw(s)}`),
        sql`, `,
      )
    : sql`e.raw_sign * sum(ev.amount) as total`;
  return sql`
    ${sql.raw(edgeName)}_days as (
      select m.domain_id, ${dayColumns}
      from ${e} e join domain_revenue_days m
        on m.user_id = ${userId} ${onlyDomain("m.domain_id")} and m.day >= e.day_from and m.day < e.day_to
      group by m.domain_id, e.day_sign
    ),
    ${sql.raw(edgeName)}_raw as (
      select ev.domain_id, ${rawColumns}
      from ${e} e join revenue_events ev
        on ev.user_id = ${userId} ${onlyDomain("ev.domain_id")} and ev.occurred_at >= e.raw_from and ev.occurred_at < e.raw_to
      join domains d on d.id = ev.domain_id and d.user_id = ${userId}
      group by ev.domain_id, e.raw_sign
    ),`;
}

/**
 * The one definition of a domain's P&L, for one domain or a whole portfolio in a single pass:
 * common table expressions ending in `pnl` (one row per domain: income by source, costs,
 * trailing revenue, renewal cost and expiry) and `period` (the owner's zone, today, the range's
 * first day). Income is read from the per-domain month and day rollups plus the few raw events
 * at the range's edges, so its cost does not grow with the number of events. All money is
 * `numeric` with two places; the renewal share is rounded to the cent per domain, so totals are
 * the rows' sums.
 */
export function pnlTables(scope: PnlScope): SQL {
  const { userId, domainId, range, now } = scope;
  const all = range === "all";
  // Twelve months and the trailing year are the same 365 days: read once.
  const trailingIsRange = range === "12m";
  const onlyDomain = (column: string) => (domainId ? sql`and ${sql.raw(column)} = ${domainId}` : sql``);

  const monthSource = (s: string) =>
    all ? sql`sum(m.${sql.raw(s)})` : sql`sum(m.${sql.raw(s)}) filter (where m.month >= m.range_from)`;
  const monthEdges = all
    ? sql`trailing_edge t`
    : trailingIsRange
      ? sql`range_edge r`
      : sql`range_edge r, trailing_edge t`;
  const monthFloor = all
    ? sql``
    : trailingIsRange
      ? sql`and m.month >= r.month_from`
      : sql`and m.month >= t.month_from`;
  const trailingMonths = trailingIsRange
    ? sql`null::numeric`
    : sql`sum(${TOTAL}) filter (where m.month >= m.trailing_from)`;
  const edgeColumns = sql.join(
    [
      all ? null : sql`r.month_from as range_from`,
      trailingIsRange ? null : sql`t.month_from as trailing_from`,
    ].filter((c): c is SQL => c !== null),
    sql`, `,
  );
  const part = (table: string, column: string) => sql`coalesce(${sql.raw(table)}.${sql.raw(column)}, 0.00)`;
  const income = (s: string) =>
    all ? part("ms", s) : sql`${part("ms", s)} + ${part("rd", s)} + ${part("rr", s)}`;

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
      -- In the index's order (owner, domain, month), so that each domain is summed as it streams by.
      select m.domain_id, ${sql.join(
        SOURCES.map((s) => sql`${monthSource(s)} as ${sql.raw(s)}`),
        sql`, `,
      )}, ${trailingMonths} as trailing
      from (
        select m.domain_id, m.month, m.parking, m.lead, m.marketplace, m.other, ${edgeColumns}
        from domain_revenue_months m, ${monthEdges}
        where m.user_id = ${userId} ${onlyDomain("m.domain_id")} ${monthFloor}
        order by m.domain_id
      ) m
      group by m.domain_id
    ),
    ${all ? sql`` : edgeSums("range_edge", true, userId, onlyDomain)}
    ${trailingIsRange ? sql`` : edgeSums("trailing_edge", false, userId, onlyDomain)}
    service_sums as (
      select o.domain_id, sum(o.price) as amount
      from service_orders o ${all ? sql`` : sql`, range_edge r`}
      where o.user_id = ${userId} and o.status = 'paid' and o.domain_id is not null ${onlyDomain("o.domain_id")}
        ${all ? sql`` : sql`and o.paid_at >= r.x`}
      group by o.domain_id
    ),
    -- Materialised: an inlined CTE would repeat its expressions wherever a column is used.
    domain_days as materialized (
      select d.id, d.name, d.purchase_price, d.renewal_cost, p.today, p.start_day,
        (d.registration_date at time zone p.tz)::date as reg_day,
        (d.expiry_date at time zone p.tz)::date as expiry_day
      from domains d, period p
      where d.user_id = ${userId} ${onlyDomain("d.id")}
    ),
    held as (
      -- The first day of the range the domain was held: its registration, if later.
      select dd.*, greatest(dd.reg_day, coalesce(dd.start_day, dd.reg_day)) as held_from from domain_days dd
    ),
    figures as materialized (
      select h.id, h.name, h.renewal_cost, h.expiry_day, h.today, h.reg_day, h.start_day, h.held_from,
        h.purchase_price,
        ${income("parking")} as parking,
        ${income("lead")} as lead,
        ${income("marketplace")} as marketplace,
        ${income("other")} as other,
        ${
          trailingIsRange
            ? sql`${sql.join(
                SOURCES.map((s) => income(s)),
                sql` + `,
              )}`
            : sql`${part("ms", "trailing")} + ${part("td", "total")} + ${part("tr", "total")}`
        } as trailing,
        case when h.purchase_price is not null and (h.start_day is null or h.reg_day >= h.start_day)
          then h.purchase_price else 0.00 end as purchase,
        round(coalesce(h.renewal_cost, 0) * greatest(0, h.today - h.held_from + 1) / ${int(RENEWAL_DAYS)}, 2) as renewal,
        coalesce(ss.amount, 0.00) as services
      from held h
      left join month_sums ms on ms.domain_id = h.id
      ${all ? sql`` : sql`left join range_edge_days rd on rd.domain_id = h.id left join range_edge_raw rr on rr.domain_id = h.id`}
      ${trailingIsRange ? sql`` : sql`left join trailing_edge_days td on td.domain_id = h.id left join trailing_edge_raw tr on tr.domain_id = h.id`}
      left join service_sums ss on ss.domain_id = h.id
    ),
    pnl as (
      select f.*,
        f.parking + f.lead + f.marketplace + f.other as income,
        f.purchase + f.renewal + f.services as costs,
        f.parking + f.lead + f.marketplace + f.other - f.purchase - f.renewal - f.services as net,
        -- Without a purchase price the investment is unknown: a return on renewal fees alone
        -- would read as thousands of percent.
        case when f.purchase_price is not null and f.purchase + f.renewal + f.services > 0 then round(
          (f.parking + f.lead + f.marketplace + f.other - f.purchase - f.renewal - f.services) * 100
            / (f.purchase + f.renewal + f.services), 1) end as roi,
        f.expiry_day - f.today as days_to_expiry
      from figures f
    )
  `;
}
