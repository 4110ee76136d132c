import { type SQL, sql } from "drizzle-orm";
import { RENEWAL_DAYS } from "../../../shared/api/pnl";
import { figureFields, jsonObject, periodFields, rowJson } from "./pnl-json";
import { type PnlScope, pnlTables } from "./pnl-query";

const int = (n: number) => sql.raw(String(Math.trunc(n)));

/** The renewal share of the days held from `held_from` up to `day` (capped at today). */
const renewalThrough = (day: SQL) =>
  sql`round(coalesce(f.renewal_cost, 0) * greatest(0, least(${day}, f.today) - f.held_from + 1) / ${int(RENEWAL_DAYS)}, 2)`;

/**
 * One domain's P&L (`TDomainPnl`): its row of the shared P&L tables, and the same figures per
 * local month for the chart. A month's renewal share is the cumulative share at its end minus
 * the one at its start, so the months add up to the row to the cent.
 */
export function domainPnlQuery(scope: PnlScope & { domainId: string }): SQL {
  const { userId, domainId, range } = scope;
  const all = range === "all";
  const fromRange = all ? sql`` : sql`, range_edge r`;
  const since = (column: SQL) => (all ? sql`` : sql`and ${column} >= r.x`);
  return sql`${pnlTables(scope)},
    month_income as (
      select to_char(ev.occurred_at at time zone p.tz, 'YYYY-MM') as month,
        coalesce(sum(ev.amount) filter (where ev.type = 'parking'), 0.00) as parking,
        coalesce(sum(ev.amount) filter (where ev.type = 'lead'), 0.00) as lead,
        coalesce(sum(ev.amount) filter (where ev.type = 'marketplace'), 0.00) as marketplace,
        coalesce(sum(ev.amount) filter (where ev.type not in ('parking', 'lead', 'marketplace')), 0.00) as other
      from revenue_events ev, period p ${fromRange}
      where ev.domain_id = ${domainId} and ev.user_id = ${userId} ${since(sql`ev.occurred_at`)}
      group by 1
    ),
    month_services as (
      select to_char(o.paid_at at time zone p.tz, 'YYYY-MM') as month, sum(o.price) as services
      from service_orders o, period p ${fromRange}
      where o.domain_id = ${domainId} and o.user_id = ${userId} and o.status = 'paid' ${since(sql`o.paid_at`)}
      group by 1
    ),
    month_list as (
      select to_char(g, 'YYYY-MM') as month
      from pnl f, generate_series(
        date_trunc('month', least(coalesce(f.start_day, f.reg_day), f.today)),
        date_trunc('month', greatest(f.today, f.reg_day)),
        interval '1 month') g
      union select month from month_income
      union select month from month_services
    ),
    months as (
      select l.month,
        coalesce(i.parking, 0.00) as parking, coalesce(i.lead, 0.00) as lead,
        coalesce(i.marketplace, 0.00) as marketplace, coalesce(i.other, 0.00) as other,
        case when to_char(f.reg_day, 'YYYY-MM') = l.month then f.purchase else 0.00 end as purchase,
        ${renewalThrough(sql`b.month_end`)} - ${renewalThrough(sql`b.month_start - 1`)} as renewal,
        coalesce(s.services, 0.00) as services
      from month_list l
      cross join pnl f
      cross join lateral (
        select to_date(l.month || '-01', 'YYYY-MM-DD') as month_start,
          (to_date(l.month || '-01', 'YYYY-MM-DD') + interval '1 month')::date - 1 as month_end
      ) b
      left join month_income i on i.month = l.month
      left join month_services s on s.month = l.month
    ),
    month_figures as (
      select m.*, m.parking + m.lead + m.marketplace + m.other as income,
        m.purchase + m.renewal + m.services as costs,
        m.parking + m.lead + m.marketplace + m.other - m.purchase - m.renewal - m.services as net
      from months m
    )
    select (${jsonObject([
      ...periodFields(range),
      ["domain", { json: rowJson }],
      [
        "months",
        {
          json: sql`(
            select '[' || coalesce(string_agg(${jsonObject([
              ["month", { text: sql`m.month` }],
              ...figureFields((name) => sql.raw(`m.${name}`)),
            ])}, ',' order by m.month), '') || ']'
            from month_figures m
          )`,
        },
      ],
    ])})::json as answer
    from pnl r, period p
  `;
}
