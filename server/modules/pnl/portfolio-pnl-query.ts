import { type SQL, sql } from "drizzle-orm";
import type { TPnlSort, TSortOrder } from "../../../shared/api/pnl";
import { incomeAndCostsJson, periodFields, roiText, rowJson } from "./pnl-json";
import { money, type PnlScope, pnlTables } from "./pnl-query";

const SORT_COLUMNS: Record<TPnlSort, string> = {
  net: "r.net",
  roi: "r.roi",
  revenue: "r.income",
  cost: "r.costs",
};

/**
 * The portfolio's P&L as one JSON document (`TPortfolioPnl`) from one statement: every domain's
 * row in the chosen order (ROI without costs last either way, then by name), and totals summed
 * from those very rows.
 */
export function portfolioPnlQuery(scope: PnlScope & { sort: TPnlSort; order: TSortOrder }): SQL {
  const { sort, order } = scope;
  const orderBy = sql.raw(
    `${SORT_COLUMNS[sort]} ${order === "asc" ? "asc" : "desc"} nulls last, r.name, r.id`,
  );
  const total = (name: string) => sql`coalesce(sum(${sql.raw(`r.${name}`)}), 0)`;
  return sql`${pnlTables(scope)}
    select json_build_object(
      ${periodFields(scope.range)},
      'sort', ${sort}::text, 'order', ${order}::text,
      'rows', coalesce(json_agg(${rowJson} order by ${orderBy}) filter (where r.id is not null), '[]'::json),
      'totals', json_build_object(
        ${incomeAndCostsJson(total)},
        'roi', ${roiText(total("net"), total("costs"))},
        'trailingRevenue', ${money(total("trailing"))},
        'domains', count(r.id)::int,
        'toReview', (count(*) filter (where r.trailing < r.renewal_cost))::int
      )
    )::text as body
    from period p
    left join pnl r on true
    group by p.tz, p.start_day, p.today
  `;
}
