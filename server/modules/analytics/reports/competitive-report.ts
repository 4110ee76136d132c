import { sql } from "drizzle-orm";
import { parse } from "tldts";
import type { TReportSection } from "../../../../shared/api/reports";
import { formatUsd } from "../../../../shared/money";
import type { DbOrTx } from "../../../db/tx";
import { AppError } from "../../../http/app-error";
import { nameFeatures } from "../../appraisals/name-features";
import type { ReportBuilder } from "../../reports/report-builder";

/** No cohort is shown with fewer accounts than this, so no one account's figures can be read from it. */
export const MIN_COHORT_ACCOUNTS = 5;
export const OUTSIDE_TRAFFIC_UNKNOWN =
  "Traffic and earnings of domains that are not parked on ParkPilot are not known to us: this report compares names, marketplace records and the platform's own anonymised figures, never a competitor's traffic.";

/** Label lengths grouped so a cohort holds names a buyer would compare. */
const BANDS: [number, number][] = [
  [1, 5],
  [6, 8],
  [9, 12],
  [13, 63],
];
const bandOf = (length: number) => BANDS.find(([lo, hi]) => length >= lo && length <= hi) ?? BANDS[3];

/** "https://www.Rival-One.com/page" → "rival-one.com"; null when the line names no registrable domain. */
export function competitorDomain(line: string): string | null {
  const host = line
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, "")
    .split(/[/?#\s]/)[0]
    .replace(/^www\./, "");
  const parsed = parse(host);
  return parsed.domain && parsed.domain === host && parsed.publicSuffix ? host : null;
}

interface CohortRow extends Record<string, unknown> {
  accounts: number;
  domains: number;
  median_rpm: string | null;
  median_visitors: number | null;
  sales: number;
  median_sale: string | null;
}

interface MarketRow extends Record<string, unknown> {
  marketplace_price: string | null;
  listed_at: string | null;
  sold_at: string | null;
  sold_price: string | null;
}

/** The platform's anonymised figures for names of the TLD and length band, other accounts only. */
async function cohortOf(db: DbOrTx, userId: string, tld: string, band: [number, number]) {
  const { rows } = await db.execute<CohortRow>(sql`
    with cohort as (
      select d.user_id, d.sold_price, f.revenue, f.visitors
      from domains d left join domain_figures f on f.domain_id = d.id
      where d.user_id <> ${userId} and d.name like ${`%.${tld}`}
        and length(d.name) - ${tld.length + 1} between ${band[0]} and ${band[1]}
        and position('.' in left(d.name, length(d.name) - ${tld.length + 1})) = 0
    )
    select count(distinct user_id)::int as accounts, count(*)::int as domains,
      round(percentile_cont(0.5) within group (order by revenue * 1000 / visitors)
        filter (where visitors > 0)::numeric, 2)::text as median_rpm,
      (percentile_cont(0.5) within group (order by visitors))::int as median_visitors,
      count(sold_price)::int as sales,
      round(percentile_cont(0.5) within group (order by sold_price)::numeric, 2)::text as median_sale
    from cohort
  `);
  return rows[0];
}

/** The owner's own names of the TLD and length band, with their 30-day figures. */
async function ownComparables(db: DbOrTx, userId: string, tld: string, band: [number, number]) {
  const { rows } = await db.execute<{ name: string; rpm: string | null; visitors: number }>(sql`
    select d.name, case when f.visitors > 0 then round(f.revenue * 1000 / f.visitors, 2)::text end as rpm,
      coalesce(f.visitors, 0)::int as visitors
    from domains d left join domain_figures f on f.domain_id = d.id
    where d.user_id = ${userId} and d.name like ${`%.${tld}`}
      and length(d.name) - ${tld.length + 1} between ${band[0]} and ${band[1]}
      and position('.' in left(d.name, length(d.name) - ${tld.length + 1})) = 0
    order by f.revenue desc nulls last, d.name limit 5
  `);
  return rows;
}

async function marketRecord(db: DbOrTx, name: string): Promise<string> {
  const { rows } = await db.execute<MarketRow>(sql`
    select marketplace_price::text, listed_at::text, sold_at::text, sold_price::text
    from domains where name = ${name} and verified_at is not null limit 1
  `);
  const row = rows[0];
  if (!row) return "Not on the ParkPilot marketplace.";
  if (row.sold_at)
    return `Sold on ParkPilot${row.sold_price ? ` for ${formatUsd(row.sold_price)}` : ""} on ${row.sold_at.slice(0, 10)}.`;
  if (row.marketplace_price) return `Listed for sale on ParkPilot at ${formatUsd(row.marketplace_price)}.`;
  return "Parked on ParkPilot, not listed for sale.";
}

/**
 * Competitive analysis: for each competitor the report says what the platform can honestly know:
 * the name's features, its marketplace record here, and how the owner's comparable names rank
 * against the anonymised cohort of the same TLD and length band (shown from 5 accounts up).
 */
export const buildCompetitiveReport: ReportBuilder = async ({ db, report, progress }) => {
  const lines = Array.isArray(report.params.competitors) ? report.params.competitors.map(String) : [];
  if (lines.length === 0) throw new AppError("UNPROCESSABLE", "This analysis names no competitors.");
  const sections: TReportSection[] = [
    { heading: "What this report can and cannot know", lines: [OUTSIDE_TRAFFIC_UNKNOWN] },
  ];
  const competitors = [];
  for (const [i, line] of lines.entries()) {
    const name = competitorDomain(line);
    if (!name) {
      sections.push({ heading: line.slice(0, 80), lines: ["Not a domain name: nothing to compare."] });
      competitors.push({ input: line, name: null });
      continue;
    }
    const f = nameFeatures(name);
    const band = bandOf(f.length);
    const [market, cohort, own] = [
      await marketRecord(db, name),
      await cohortOf(db, report.userId, f.tld, band),
      await ownComparables(db, report.userId, f.tld, band),
    ];
    const cohortShown = cohort && cohort.accounts >= MIN_COHORT_ACCOUNTS;
    const bandLabel = `.${f.tld} names of ${band[0]}–${band[1] === 63 ? "63" : band[1]} characters`;
    sections.push({
      heading: name,
      lines: [
        `${f.length} characters, ${f.words.length} word${f.words.length === 1 ? "" : "s"}${f.words.length ? ` (${f.words.map((w) => w.text).join(" + ")})` : ""}, .${f.tld}, ${f.hyphens} hyphen${f.hyphens === 1 ? "" : "s"}, ${f.digits} digit${f.digits === 1 ? "" : "s"}.`,
        market,
        cohortShown
          ? `Cohort of ${bandLabel}: ${cohort.domains} domains of ${cohort.accounts} accounts, median RPM ${cohort.median_rpm ? formatUsd(cohort.median_rpm) : "—"}, median visitors ${cohort.median_visitors ?? 0} over 30 days, ${cohort.sales} sales${cohort.median_sale ? ` at a median ${formatUsd(cohort.median_sale)}` : ""}.`
          : `Too few accounts hold ${bandLabel} (fewer than ${MIN_COHORT_ACCOUNTS}) to show a cohort without exposing one of them.`,
      ],
      ...(own.length
        ? {
            table: {
              columns: [
                "Your comparable domain",
                "RPM (30 days)",
                "Visitors (30 days)",
                "Against the cohort's median RPM",
              ],
              rows: own.map((o) => [
                o.name,
                o.rpm ? formatUsd(o.rpm) : "—",
                String(o.visitors),
                !cohortShown || !o.rpm || !cohort.median_rpm
                  ? "—"
                  : Number(o.rpm) >= Number(cohort.median_rpm)
                    ? "At or above"
                    : "Below",
              ]),
            },
          }
        : {}),
    });
    competitors.push({
      input: line,
      name,
      features: {
        length: f.length,
        words: f.words.map((w) => w.text),
        tld: f.tld,
        hyphens: f.hyphens,
        digits: f.digits,
      },
      marketplace: market,
      cohort: cohortShown
        ? {
            tld: f.tld,
            lengthBand: band,
            accounts: cohort.accounts,
            domains: cohort.domains,
            medianRpm: cohort.median_rpm,
            medianVisitors: cohort.median_visitors,
            sales: cohort.sales,
            medianSalePrice: cohort.median_sale,
          }
        : null,
      comparables: own,
    });
    await progress(Math.round((90 * (i + 1)) / lines.length));
  }
  return {
    content: {
      summary: `Competitive analysis of ${lines.length} competitor${lines.length === 1 ? "" : "s"}: name features, marketplace records and the platform's cohorts. ${OUTSIDE_TRAFFIC_UNKNOWN}`,
      sections,
      kind: "competitive",
      outsideTrafficKnown: false,
      competitors,
    },
  };
};
