import { sql } from "drizzle-orm";
import type { TPortfolioMonth } from "../../../../shared/api/analytics";
import { parkingNetworkLabel, type TParkingNetwork } from "../../../../shared/api/parking";
import type { TReportSection } from "../../../../shared/api/reports";
import { centsToDecimal, formatUsd, toCents } from "../../../../shared/money";
import { REPORT_TYPES } from "../../../../shared/prices";
import type { Db } from "../../../db/pool";
import { AppError } from "../../../http/app-error";
import { appraiseAgainstMarket } from "../../appraisals/appraise-name";
import { earningsHistory } from "../../appraisals/market-data";
import { getPortfolioPnl } from "../../pnl/pnl.service";
import type { ReportBuilder } from "../../reports/report-builder";
import { domainBreakdown } from "../breakdowns.service";
import { portfolioMonths } from "../portfolio-months";
import { notEnoughHistory } from "./forecast-basis";
import { backtestLines, forecastPortfolio } from "./forecast-report";

export type CustomTier = (typeof REPORT_TYPES)[number]["id"];
const RANK: Record<CustomTier, number> = { basic: 0, comprehensive: 1, enterprise: 2, custom: 3 };
/** Domains listed one by one in the breakdown section; the CSV export of the page has them all. */
export const REPORT_DOMAIN_ROWS = 25;

/** What a custom report is asked for (its `params`). */
export interface CustomReportParams {
  tier: CustomTier;
  /** The custom tier: when the analyst's notes are due, and once delivered, the notes. */
  notesDueAt?: string;
  analystNotes?: { lines: string[]; deliveredAt: string };
  /** The custom tier: what the buyer asked the report to answer, given at purchase. */
  brief?: string;
}

const usd = (v: string) => formatUsd(v);
const sum = (months: TPortfolioMonth[], pick: (m: TPortfolioMonth) => string) =>
  centsToDecimal(months.reduce((s, m) => s + toCents(pick(m)), 0));

function summarySection(months: TPortfolioMonth[]): TReportSection {
  const total = sum(months, (m) => m.revenue.total);
  return {
    heading: "Portfolio summary, last 12 months",
    lines: [
      `Revenue ${usd(total)}: parking ${usd(sum(months, (m) => m.revenue.parking))} (as the networks reported it), leads ${usd(sum(months, (m) => m.revenue.lead))}, marketplace ${usd(sum(months, (m) => m.revenue.marketplace))}, affiliate ${usd(sum(months, (m) => m.revenue.affiliate))}.`,
      `Ad-network visitors ${months.reduce((s, m) => s + m.parkingVisitors, 0).toLocaleString("en-US")}, parked-page visits ${months.reduce((s, m) => s + m.landingVisits, 0).toLocaleString("en-US")}, leads ${months.reduce((s, m) => s + m.leads, 0).toLocaleString("en-US")}.`,
    ],
    table: {
      columns: ["Month", "Revenue", "Parking", "Leads", "Ad visitors", "RPM"],
      rows: months.map((m) => [
        m.month,
        usd(m.revenue.total),
        usd(m.revenue.parking),
        usd(m.revenue.lead),
        m.parkingVisitors.toLocaleString("en-US"),
        m.rpm ? usd(m.rpm) : "—",
      ]),
    },
  };
}

/** Change of the last three complete months against the three before, in percent, or null. */
function trendLine(months: TPortfolioMonth[]): string {
  const complete = months.slice(0, -1);
  const recent = complete.slice(-3);
  const before = complete.slice(-6, -3);
  const a = recent.reduce((s, m) => s + toCents(m.revenue.total), 0);
  const b = before.reduce((s, m) => s + toCents(m.revenue.total), 0);
  if (b === 0) return "Not enough complete months to compare quarters yet.";
  const change = ((a - b) * 100) / b;
  return `Revenue of the last three complete months ${usd(centsToDecimal(a))} is ${change >= 0 ? "up" : "down"} ${Math.abs(change).toFixed(1)}% on the three before (${usd(centsToDecimal(b))}).`;
}

/** Domains the enterprise report appraises one by one: the best parking earners, then by name. */
export const REPORT_APPRAISALS = 10;

/**
 * The appraisal engine's value of the portfolio's best names (docs/appraisals.md): each name's
 * value, range and confidence from its features, comparables and earnings, and their total.
 */
async function portfolioAppraisal(db: Db, userId: string) {
  const { rows } = await db.execute<{ id: string; name: string }>(sql`
    select d.id::text, d.name from domains d
    left join (select domain_id, sum(revenue) as revenue from parking_reports
      where user_id = ${userId} and day >= current_date - 90 group by domain_id) p on p.domain_id = d.id
    where d.user_id = ${userId} and d.sold_at is null
    order by p.revenue desc nulls last, d.name
    limit ${REPORT_APPRAISALS}
  `);
  const figures = [];
  for (const row of rows) {
    const earnings = await earningsHistory(db, row.id);
    const { valuation } = await appraiseAgainstMarket(db, { name: row.name, earnings });
    figures.push({
      name: row.name,
      value: valuation.value,
      low: valuation.range.low,
      high: valuation.range.high,
      confidence: valuation.confidence,
    });
  }
  const whole = (n: number) => `$${Math.round(n).toLocaleString("en-US")}`;
  const total = figures.reduce((t, f) => t + f.value, 0);
  const section: TReportSection = figures.length
    ? {
        heading: "Valuation",
        lines: [
          `The appraisal engine values your ${figures.length === REPORT_APPRAISALS ? `${REPORT_APPRAISALS} best-earning` : figures.length} domain${figures.length === 1 ? "" : "s"} at ${whole(total)} together: each from its name's features, comparable sales and listings on ParkPilot, and its own parking earnings. A full appraisal of one name (with its comparables and reasons) is its own report.`,
        ],
        table: {
          columns: ["Domain", "Value", "Range", "Confidence"],
          rows: figures.map((f) => [
            f.name,
            whole(f.value),
            `${whole(f.low)} – ${whole(f.high)}`,
            f.confidence,
          ]),
        },
      }
    : { heading: "Valuation", lines: ["No unsold domain in the portfolio to value."] };
  return { section, figures: { total, domains: figures } };
}

/**
 * Each parking network's figures for the portfolio over 90 days, from its daily reports: those
 * synced from a connected network and those imported by hand are the same rows.
 */
async function networkComparison(db: Db, userId: string) {
  const { rows } = await db.execute<{
    network: string;
    domains: number;
    visitors: number;
    clicks: number;
    revenue: string;
  }>(sql`
    select network, count(distinct domain_id)::int as domains, sum(visitors)::int as visitors,
      sum(clicks)::int as clicks, round(sum(revenue), 2)::text as revenue
    from parking_reports where user_id = ${userId} and day >= current_date - 90
    group by network order by sum(revenue) desc, network
  `);
  const figures = rows.map((r) => ({
    network: r.network,
    name: parkingNetworkLabel(r.network as TParkingNetwork),
    domains: r.domains,
    visitors: r.visitors,
    clicks: r.clicks,
    revenue: r.revenue,
    rpm: r.visitors > 0 ? centsToDecimal(Math.round((toCents(r.revenue) * 1000) / r.visitors)) : null,
  }));
  const section: TReportSection = figures.length
    ? {
        heading: "Parking networks compared, last 90 days",
        lines: [
          "From each network's daily reports, synced from a connected network (Settings → Connections) or imported by hand. RPM is revenue per thousand of the network's visitors.",
          ...(figures.length === 1
            ? [
                `Only ${figures[0].name} has reports: connect another network, or import its report, to compare.`,
              ]
            : []),
        ],
        table: {
          columns: ["Network", "Domains", "Visitors", "Clicks", "Revenue", "RPM"],
          rows: figures.map((f) => [
            f.name,
            String(f.domains),
            f.visitors.toLocaleString("en-US"),
            f.clicks.toLocaleString("en-US"),
            usd(f.revenue),
            f.rpm ? usd(f.rpm) : "No visitors reported",
          ]),
        },
      }
    : {
        heading: "Parking networks compared",
        lines: [
          "No parking network reported in the last 90 days, so there is no RPM to compare: connect a network in Settings → Connections, or import its report under Parking.",
        ],
      };
  return { section, figures };
}

/**
 * A custom report of the tier bought: basic is the portfolio summary; comprehensive adds per-domain
 * breakdowns and trends; enterprise adds the P&L, a revenue forecast, the appraisal of the best
 * names and each parking network's RPM; custom adds the buyer's brief and the analyst's notes, delivered through a work order (the report is built again when they arrive).
 */
export const buildCustomReport: ReportBuilder = async ({ db, report, progress }) => {
  const params = report.params as Partial<CustomReportParams>;
  const tier = REPORT_TYPES.find((t) => t.id === params.tier);
  if (!tier) throw new AppError("UNPROCESSABLE", "This report's order names no tier.");
  const rank = RANK[tier.id];
  const userId = report.userId;
  const months = await portfolioMonths({ db, userId });
  const sections: TReportSection[] = [summarySection(months)];
  const data: Record<string, unknown> = { tier: tier.id, months };
  await progress(25);

  if (rank >= RANK.comprehensive) {
    const breakdown = await domainBreakdown({ db, userId, range: "90d", limit: REPORT_DOMAIN_ROWS });
    sections.push({
      heading: "Domains, last 90 days",
      lines: [
        `The ${Math.min(REPORT_DOMAIN_ROWS, breakdown.total)} best parking earners of ${breakdown.total} domains (${breakdown.from} to ${breakdown.to}). RPM is revenue per thousand ad-network visitors, CTR clicks per visitor, EPC earnings per click.`,
      ],
      table: {
        columns: [
          "Domain",
          "Parking revenue",
          "RPM",
          "CTR",
          "EPC",
          "Page visits",
          "Leads",
          "Lead conversion",
        ],
        rows: breakdown.rows.map((d) => [
          d.name,
          usd(d.parkingRevenue),
          d.rpm ? usd(d.rpm) : "—",
          d.ctr === null ? "—" : `${d.ctr.toFixed(2)}%`,
          d.epc ? usd(d.epc) : "—",
          d.landingVisits.toLocaleString("en-US"),
          String(d.leads),
          d.leadConversion === null ? "—" : `${d.leadConversion.toFixed(2)}%`,
        ]),
      },
    });
    sections.push({ heading: "Trends", lines: [trendLine(months)] });
    data.domains = breakdown.rows;
    await progress(50);
  }

  if (rank >= RANK.enterprise) {
    const pnl = await getPortfolioPnl({ db, userId, range: "12m", sort: "net", order: "desc" });
    const t = pnl.totals;
    sections.push({
      heading: "Profit and loss, last 12 months",
      lines: [
        `Income ${usd(t.income.total)}, costs ${usd(t.costs.total)}, net ${usd(t.net)}${t.roi === null ? "" : `, ROI ${t.roi}%`}.`,
        t.toReview > 0
          ? `${t.toReview} domains earn less than they cost to renew: review them before renewal.`
          : "Every domain earns its renewal.",
      ],
      table: {
        columns: ["Domain", "Income", "Costs", "Net"],
        rows: pnl.rows
          .slice(0, REPORT_DOMAIN_ROWS)
          .map((r) => [r.name, usd(r.income.total), usd(r.costs.total), usd(r.net)]),
      },
    });
    const { history, forecast } = await forecastPortfolio({ db, userId, horizonMonths: 12, topDomains: 0 });
    sections.push(
      forecast
        ? {
            heading: "Revenue forecast, next 12 months",
            lines: backtestLines(forecast),
            table: {
              columns: ["Month", "Forecast", "80% interval"],
              rows: forecast.months.map((p) => [
                p.month,
                formatUsd(p.value.toFixed(2)),
                `${formatUsd(p.lower80.toFixed(2))} – ${formatUsd(p.upper80.toFixed(2))}`,
              ]),
            },
          }
        : { heading: "Revenue forecast", lines: [notEnoughHistory(history)] },
    );
    data.forecastBacktest = forecast?.backtest ?? null;
    const appraised = await portfolioAppraisal(db, userId);
    sections.push(appraised.section);
    data.appraisal = appraised.figures;
    const networks = await networkComparison(db, userId);
    sections.push(networks.section);
    data.networks = networks.figures;
    await progress(80);
  }

  if (rank >= RANK.custom) {
    sections.push({
      heading: "Your brief",
      lines: [params.brief ?? "No brief was given with this order: the analyst will ask you for one."],
    });
    sections.push(
      params.analystNotes
        ? { heading: "Analyst's notes", lines: params.analystNotes.lines }
        : {
            heading: "Analyst's notes",
            lines: [
              `An analyst is reviewing this report${params.notesDueAt ? ` and will add notes by ${params.notesDueAt.slice(0, 10)}` : ""}; it will be updated and mailed again when they arrive.`,
            ],
          },
    );
  }

  const total = sum(months, (m) => m.revenue.total);
  return {
    content: {
      summary: `${tier.label} report: ${usd(total)} of revenue over the last 12 months.`,
      sections,
      kind: "custom",
      ...data,
    },
  };
};
