import { type SQL, sql } from "drizzle-orm";
import { EXPIRY_NEAR_DAYS, RENEWAL_HINTS } from "../../../shared/api/pnl";
import { money } from "./pnl-query";

const int = (n: number) => sql.raw(String(Math.trunc(n)));
const [EARNS, REVIEW] = RENEWAL_HINTS;

/** Income and costs of `r` (a row of `pnl`, or sums of its columns) as the API's objects. */
export function incomeAndCostsJson(column: (name: string) => SQL): SQL {
  return sql`
    'income', json_build_object(
      'parking', ${money(column("parking"))}, 'lead', ${money(column("lead"))},
      'marketplace', ${money(column("marketplace"))}, 'other', ${money(column("other"))},
      'total', ${money(column("income"))}
    ),
    'costs', json_build_object(
      'purchase', ${money(column("purchase"))}, 'renewal', ${money(column("renewal"))},
      'services', ${money(column("services"))}, 'total', ${money(column("costs"))}
    ),
    'net', ${money(column("net"))}`;
}

/** ROI in percent with one decimal, from net and costs; null without costs. */
export const roiText = (net: SQL, costs: SQL) =>
  sql`case when ${costs} > 0 then round(${net} * 100 / ${costs}, 1)::text end`;

/** Whether `r` earns its renewal: null when no renewal cost is set. */
export const renewalHint = (r: string) =>
  sql`case when ${sql.raw(r)}.renewal_cost is null then null
    when ${sql.raw(r)}.trailing >= ${sql.raw(r)}.renewal_cost then ${EARNS}::text else ${REVIEW}::text end`;

/** One row of `pnl` (aliased `r`) as `TDomainPnlRow`. */
export const rowJson = sql`json_build_object(
  'domainId', r.id, 'name', r.name,
  ${incomeAndCostsJson((name) => sql.raw(`r.${name}`))},
  'roi', r.roi::text,
  'renewal', json_build_object(
    'trailingRevenue', ${money(sql`r.trailing`)},
    'renewalCost', r.renewal_cost::text,
    'hint', ${renewalHint("r")},
    'expiryDate', case when r.days_to_expiry <= ${int(EXPIRY_NEAR_DAYS)} then to_char(r.expiry_day, 'YYYY-MM-DD') end,
    'daysToExpiry', case when r.days_to_expiry <= ${int(EXPIRY_NEAR_DAYS)} then r.days_to_expiry end
  )
)`;

/** The range's bounds of `period` (aliased `p`) as fields of the answer. */
export const periodFields = (range: string) => sql`
  'range', ${range}::text, 'timeZone', p.tz,
  'from', to_char(p.start_day, 'YYYY-MM-DD'), 'to', to_char(p.today, 'YYYY-MM-DD')`;
