import { type SQL, sql } from "drizzle-orm";
import { EXPIRY_NEAR_DAYS, RENEWAL_HINTS } from "../../../shared/api/pnl";

const int = (n: number) => sql.raw(String(Math.trunc(n)));
const [EARNS, REVIEW] = RENEWAL_HINTS;

/**
 * A JSON value written as text by concatenation: for thousands of rows it costs a fraction of
 * `json_build_object`, which works out every argument's type on every call. `decimal` is a figure
 * with two places (its text needs no escaping), `text` is escaped by `to_json`, `number` is an
 * integer, `json` is JSON text already; a null becomes `null`.
 */
export type JsonValue = { decimal: SQL } | { text: SQL } | { number: SQL } | { json: SQL };

function jsonText(value: JsonValue): SQL {
  if ("decimal" in value) return sql`coalesce('"' || (${value.decimal})::text || '"', 'null')`;
  if ("text" in value) return sql`coalesce(to_json(${value.text})::text, 'null')`;
  if ("number" in value) return sql`coalesce((${value.number})::text, 'null')`;
  return sql`coalesce(${value.json}, 'null')`;
}

/** A JSON object's text from its fields, in order; the keys are this module's constants. */
export function jsonObject(fields: [key: string, value: JsonValue][]): SQL {
  const parts = fields.map(
    ([key, value], i) => sql`${sql.raw(`'${i === 0 ? "{" : ","}"${key}":'`)} || ${jsonText(value)}`,
  );
  return sql`(${sql.join(parts, sql` || `)} || '}')`;
}

/** Income, costs and net of a row of `pnl` (or of sums of its columns), as `TPnlFigures` fields. */
export function figureFields(column: (name: string) => SQL): [string, JsonValue][] {
  const money = (name: string): JsonValue => ({ decimal: column(name) });
  return [
    [
      "income",
      {
        json: jsonObject([
          ["parking", money("parking")],
          ["lead", money("lead")],
          ["marketplace", money("marketplace")],
          ["other", money("other")],
          ["total", money("income")],
        ]),
      },
    ],
    [
      "costs",
      {
        json: jsonObject([
          ["purchase", money("purchase")],
          ["renewal", money("renewal")],
          ["services", money("services")],
          ["total", money("costs")],
        ]),
      },
    ],
    ["net", money("net")],
  ];
}

/** ROI in percent with one decimal, from net and costs; null without costs (callers add other reasons). */
export const roiText = (net: SQL, costs: SQL) =>
  sql`case when ${costs} > 0 then round(${net} * 100 / ${costs}, 1)::text end`;

const near = sql`r.days_to_expiry <= ${int(EXPIRY_NEAR_DAYS)}`;

/** One row of `pnl` (aliased `r`) as the text of a `TDomainPnlRow`. */
export const rowJson = jsonObject([
  ["domainId", { text: sql`r.id` }],
  ["name", { text: sql`r.name` }],
  ...figureFields((name) => sql.raw(`r.${name}`)),
  ["roi", { decimal: sql`r.roi` }],
  ["purchasePriceSet", { json: sql`case when r.purchase_price is null then 'false' else 'true' end` }],
  [
    "renewal",
    {
      json: jsonObject([
        ["trailingRevenue", { decimal: sql`r.trailing` }],
        ["renewalCost", { decimal: sql`r.renewal_cost` }],
        [
          "hint",
          {
            text: sql`case when r.renewal_cost is null then null
              when r.trailing >= r.renewal_cost then ${EARNS}::text else ${REVIEW}::text end`,
          },
        ],
        ["expiryDate", { text: sql`case when ${near} then to_char(r.expiry_day, 'YYYY-MM-DD') end` }],
        ["daysToExpiry", { number: sql`case when ${near} then r.days_to_expiry end` }],
      ]),
    },
  ],
]);

/** The range's bounds of `period` (aliased `p`) as fields of the answer. */
export const periodFields = (range: string): [string, JsonValue][] => [
  ["range", { text: sql`${range}::text` }],
  ["timeZone", { text: sql`p.tz` }],
  ["from", { text: sql`to_char(p.start_day, 'YYYY-MM-DD')` }],
  ["to", { text: sql`to_char(p.today, 'YYYY-MM-DD')` }],
];
