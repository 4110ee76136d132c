import { type SQL, sql } from "drizzle-orm";
import type { TPnlSort, TSortOrder } from "../../../shared/api/pnl";
import { figureFields, jsonObject, periodFields, roiText, rowJson } from "./pnl-json";
import { type PnlScope, pnlTables } from "./pnl-query";

const SORT_COLUMNS: Record<TPnlSort, string> = {
  net: "r.net",
  roi: "r.roi",
  revenue: "r.income",
  cost: "r.costs",
};

/**
 * The portfolio's P&L as the text of one JSON document (`TPortfolioPnl`) from one statement:
 * every domain's row in the chosen order (ROI without costs last either way, then by name), and
 * totals summed from those very rows.
 */
export function portfolioPnlQuery(scope: PnlScope & { sort: TPnlSort; order: TSortOrder }): SQL {
  const { sort, order } = scope;
  const orderBy = sql.raw(
    `${SORT_COLUMNS[sort]} ${order === "asc" ? "asc" : "desc"} nulls last, r.name, r.id`,
  );
  const unpriced = sql`count(r.id) filter (where r.purchase_price is null)`;
  const total = (name: string) => sql`coalesce(sum(${sql.raw(`r.${name}`)}), 0.00)`;
  const answer = jsonObject([
    ...periodFields(scope.range),
    ["sort", { text: sql`${sort}::text` }],
    ["order", { text: sql`${order}::text` }],
    [
      "rows",
      {
        json: sql`'[' || coalesce(string_agg(${rowJson}, ',' order by ${orderBy}) filter (where r.id is not null), '') || ']'`,
      },
    ],
    [
      "totals",
      {
        json: jsonObject([
          ...figureFields(total),
          // Any domain without a purchase price leaves the portfolio's investment unknown too.
          [
            "roi",
            { decimal: sql`case when ${unpriced} = 0 then ${roiText(total("net"), total("costs"))} end` },
          ],
          ["withoutPurchasePrice", { number: unpriced }],
          ["trailingRevenue", { decimal: total("trailing") }],
          ["domains", { number: sql`count(r.id)` }],
          ["toReview", { number: sql`count(*) filter (where r.trailing < r.renewal_cost)` }],
        ]),
      },
    ],
  ]);
  return sql`${pnlTables(scope)}
    select ${answer} as body
    from period p
    left join pnl r on true
    group by p.tz, p.start_day, p.today
  `;
}
