import { sql } from "drizzle-orm";
import type { TReportSection } from "../../../../shared/api/reports";
import { formatUsd } from "../../../../shared/money";
import type { DbOrTx } from "../../../db/tx";
import { AppError } from "../../../http/app-error";
import { tldts } from "../../../lib/domain-name";
import { nameFeatures } from "../../appraisals/name-features";
import type { ReportBuilder } from "../../reports/report-builder";

/** No cohort is shown with fewer accounts than this, so no one account's figures can be read from it. */
export const MIN_COHORT_ACCOUNTS = 5;
export const OUTSIDE_TRAFFIC_UNKNOWN =
  "Traffic and earnings of domains that are not parked on ParkPilot are not known to us: this report compares names, marketplace records and the platform's own anonymised figures, never a competitor's traffic.";

/** What the platform cannot know of a competitor, said plainly once. */
export const NOT_KNOWN = [
  OUTSIDE_TRAFFIC_UNKNOWN,
  "Not known either: a competitor's sales and offers outside ParkPilot, its registrar, renewal cost and expiry, its backlinks and search rankings, and who owns it.",
  "Known, and compared below: each name's own features (length, words, TLD, hyphens, digits), its record on ParkPilot's marketplace, closed sales and listings of similar names here (same TLD and length, or a shared word) with their prices and days to sell, and your own comparable names against the platform's anonymised figures where enough accounts hold such names.",
];

/** Similar names shown per competitor: closed sales first, then listings. */
export const SIMILAR_ROWS = 8;

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
  const parsed = tldts().parse(host);
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

interface SimilarRow extends Record<string, unknown> {
  name: string;
  sold: boolean;
  price: string;
  days: number | null;
  same_shape: boolean;
  word: string | null;
}

/**
 * Closed sales and listings on ParkPilot of names like `name`: the same TLD and length band, or a
 * shared word of 3 letters or more; closed sales first (newest), each with its price and the days
 * from listing to sale (or listed so far). Marketplace records are public, so no cohort floor.
 */
async function similarNames(db: DbOrTx, name: string, tld: string, band: [number, number], words: string[]) {
  const keywords = words.filter((w) => w.length >= 3).slice(0, 3);
  const shares = keywords.length
    ? sql.join(
        keywords.map(
          (w) => sql`when position(${w} in left(d.name, length(d.name) - ${tld.length + 1})) > 0 then ${w}`,
        ),
        sql` `,
      )
    : null;
  const { rows } = await db.execute<SimilarRow>(sql`
    select * from (
      select d.name, d.sold_at is not null as sold,
        coalesce(d.sold_price, d.marketplace_price)::text as price,
        case when d.sold_at is not null and d.listed_at is not null
          then greatest(0, extract(day from d.sold_at - d.listed_at))::int
          when d.sold_at is null and d.listed_at is not null
          then greatest(0, extract(day from now() - d.listed_at))::int end as days,
        (d.name like ${`%.${tld}`} and length(d.name) - ${tld.length + 1} between ${band[0]} and ${band[1]}
          and position('.' in left(d.name, length(d.name) - ${tld.length + 1})) = 0) as same_shape,
        ${shares ? sql`case ${shares} end` : sql`null::text`} as word,
        coalesce(d.sold_at, d.listed_at) as at
      from domains d
      where d.name <> ${name}
        and ((d.sold_at is not null and d.sold_price is not null)
          or (d.sold_at is null and d.marketplace_price is not null and d.verified_at is not null))
    ) s
    where s.same_shape or s.word is not null
    order by s.sold desc, (s.word is not null) desc, s.at desc nulls last, s.name
    limit ${SIMILAR_ROWS * 4}
  `);
  return rows;
}

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The similar names' section: what sold and what is listed, their prices and times, in one line and a table. */
function similarSection(rows: SimilarRow[], bandLabel: string) {
  const sold = rows.filter((r) => r.sold);
  const listed = rows.filter((r) => !r.sold);
  const soldPrice = median(sold.map((r) => Number(r.price)));
  const soldDays = median(sold.flatMap((r) => (r.days === null ? [] : [r.days])));
  const askPrice = median(listed.map((r) => Number(r.price)));
  const summary =
    rows.length === 0
      ? `No closed sale or listing of a similar name (${bandLabel}, or sharing a word) on ParkPilot yet: there is no marketplace price to compare.`
      : [
          sold.length
            ? `${sold.length} similar name${sold.length === 1 ? "" : "s"} sold on ParkPilot at a median ${formatUsd(soldPrice?.toFixed(2) ?? "0")}${soldDays === null ? "" : `, ${Math.round(soldDays)} days from listing to sale`}.`
            : "No similar name has sold on ParkPilot yet.",
          listed.length
            ? `${listed.length} similar name${listed.length === 1 ? " is" : "s are"} listed now at a median ask of ${formatUsd(askPrice?.toFixed(2) ?? "0")}.`
            : "No similar name is listed now.",
        ].join(" ");
  const shown = [...sold.slice(0, SIMILAR_ROWS), ...listed].slice(0, SIMILAR_ROWS);
  return {
    summary,
    table: shown.length
      ? {
          columns: ["Similar name", "On ParkPilot", "Price", "Days", "Alike by"],
          rows: shown.map((r) => [
            r.name,
            r.sold ? "Sold" : "Listed",
            formatUsd(r.price),
            r.days === null
              ? "Listing date not recorded"
              : `${r.days} ${r.sold ? "to sell" : "listed so far"}`,
            r.word ? `the word "${r.word}"` : bandLabel,
          ]),
        }
      : undefined,
    figures: {
      sales: sold.length,
      medianSalePrice: soldPrice === null ? null : soldPrice.toFixed(2),
      medianDaysToSell: soldDays,
      listings: listed.length,
      medianAsk: askPrice === null ? null : askPrice.toFixed(2),
      names: shown.map((r) => ({ name: r.name, sold: r.sold, price: r.price, days: r.days, word: r.word })),
    },
  };
}

/**
 * Competitive analysis: for each competitor the report says what the platform can honestly know:
 * the name's features, its marketplace record here, and how the owner's comparable names rank
 * against the anonymised cohort of the same TLD and length band (shown from 5 accounts up).
 */
export const buildCompetitiveReport: ReportBuilder = async ({ db, report, progress }) => {
  const lines = Array.isArray(report.params.competitors) ? report.params.competitors.map(String) : [];
  if (lines.length === 0) throw new AppError("UNPROCESSABLE", "This analysis names no competitors.");
  const sections: TReportSection[] = [{ heading: "What this report can and cannot know", lines: NOT_KNOWN }];
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
    const similar = similarSection(
      await similarNames(
        db,
        name,
        f.tld,
        band,
        f.words.map((w) => w.text),
      ),
      bandLabel,
    );
    sections.push({
      heading: name,
      lines: [
        `${f.length} characters, ${f.words.length} word${f.words.length === 1 ? "" : "s"}${f.words.length ? ` (${f.words.map((w) => w.text).join(" + ")})` : ""}, .${f.tld}, ${f.hyphens} hyphen${f.hyphens === 1 ? "" : "s"}, ${f.digits} digit${f.digits === 1 ? "" : "s"}.`,
        market,
        similar.summary,
      ],
      ...(similar.table ? { table: similar.table } : {}),
    });
    // Parking figures are private: the cohort's are shown only from 5 accounts, the owner's own always.
    sections.push({
      heading: `Your names like ${name}`,
      lines: [
        cohortShown
          ? `Cohort of ${bandLabel}: ${cohort.domains} domains of ${cohort.accounts} accounts, ${cohort.median_rpm ? `median RPM ${formatUsd(cohort.median_rpm)}` : "no ad-network visitors reported"}, median visitors ${cohort.median_visitors ?? 0} over 30 days.`
          : `The parking figures of other accounts' ${bandLabel} are not shown: fewer than ${MIN_COHORT_ACCOUNTS} accounts hold such names, and showing them could expose one. Your own figures are below.`,
        ...(own.length ? [] : [`You hold no ${bandLabel} to compare.`]),
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
                o.rpm ? formatUsd(o.rpm) : "No ad-network visitors",
                String(o.visitors),
                !cohortShown
                  ? "Cohort not shown (under 5 accounts)"
                  : !o.rpm || !cohort.median_rpm
                    ? "No RPM to compare"
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
      similar: similar.figures,
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
      summary: `Competitive analysis of ${lines.length} competitor${lines.length === 1 ? "" : "s"}: name features, marketplace records, closed sales and listings of similar names with their prices and days to sell, and your comparable names. ${OUTSIDE_TRAFFIC_UNKNOWN}`,
      sections,
      kind: "competitive",
      outsideTrafficKnown: false,
      competitors,
    },
  };
};
