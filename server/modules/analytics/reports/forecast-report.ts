import type { TReportSection } from "../../../../shared/api/reports";
import { formatUsd, toCents } from "../../../../shared/money";
import { FORECAST_PERIODS } from "../../../../shared/prices";
import { AppError } from "../../../http/app-error";
import type { ReportBuilder } from "../../reports/report-builder";
import { type Backtest, type ForecastPoint, forecastSeries, minHistory } from "../forecast/forecast-series";
import { type MonthlySeries, monthlyRevenue, shiftMonth } from "./monthly-revenue";

const SEASON = 12;
/** Domains forecast one by one: the best earners of the last 12 months. */
export const FORECAST_DOMAINS = 10;

const cents = (v: number) => (Math.round(v * 100) / 100).toFixed(2);
const pct = (v: number) => `${Math.round(v * 100)}%`;

/** One forecast month as the report stores it: money as decimal strings. */
export interface ForecastMonth {
  month: string;
  value: string;
  lower80: string;
  upper80: string;
  lower95: string;
  upper95: string;
}

function monthsOf(series: MonthlySeries, points: ForecastPoint[]): ForecastMonth[] {
  const last = series.months.at(-1) ?? "";
  return points.map((p, i) => ({
    month: shiftMonth(last, i + 1),
    value: cents(p.value),
    lower80: cents(p.lower80),
    upper80: cents(p.upper80),
    lower95: cents(p.lower95),
    upper95: cents(p.upper95),
  }));
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
const backtestOf = (b: Backtest) => ({
  mase: round3(b.mase),
  naiveMase: round3(b.naiveMase),
  seasonalNaiveMase: round3(b.seasonalNaiveMase),
  coverage80: round3(b.coverage80),
  coverage95: round3(b.coverage95),
  origins: b.origins,
  horizon: b.horizon,
});

function forecastTable(points: ForecastMonth[]): TReportSection["table"] {
  return {
    columns: ["Month", "Forecast", "80% interval", "95% interval"],
    rows: points.map((p) => [
      p.month,
      formatUsd(p.value),
      `${formatUsd(p.lower80)} – ${formatUsd(p.upper80)}`,
      `${formatUsd(p.lower95)} – ${formatUsd(p.upper95)}`,
    ]),
  };
}

function backtestLines(b: Backtest): string[] {
  return [
    `Measured on the account's own history: ${b.origins} rolling origins, forecasting up to ${b.horizon} months ahead each time.`,
    `MASE ${b.mase.toFixed(2)} for this model, ${b.seasonalNaiveMase.toFixed(2)} for repeating last year's month (seasonal naive) and ${b.naiveMase.toFixed(2)} for repeating last month (naive); lower is better, below 1 beats a year-on-year repeat.`,
    `The 80% interval held ${pct(b.coverage80)} of the months it was tested on, the 95% interval ${pct(b.coverage95)}.`,
  ];
}

/**
 * A revenue forecast for the months bought: the portfolio's monthly revenue and each best earner's,
 * with 80% and 95% intervals and the backtest of the model on the account's history. With less
 * than 27 months of history the report says so and forecasts nothing.
 */
export const buildForecastReport: ReportBuilder = async ({ db, report, progress }) => {
  const period = FORECAST_PERIODS.find((p) => p.id === String(report.params.period));
  if (!period) throw new AppError("UNPROCESSABLE", "This forecast's order names no period.");
  const horizonMonths = period.months;
  const history = await monthlyRevenue({ db, userId: report.userId, topDomains: FORECAST_DOMAINS });
  await progress(20);
  const needed = minHistory(SEASON);
  const portfolio = forecastSeries(history.portfolio.values, SEASON, horizonMonths);
  if (!portfolio) {
    const have = history.portfolio.months.length;
    const summary = `Not enough history to forecast yet: a seasonal forecast needs ${needed} complete months of revenue and this account has ${have}.`;
    return {
      content: {
        summary,
        sections: [
          {
            heading: "Why there is no forecast",
            lines: [
              summary,
              "A model fitted to less than two years cannot tell a seasonal dip from a decline, and its error could not be measured, so no figures are invented.",
              have > 0
                ? `The first month with revenue is ${history.portfolio.months[0]}; the forecast can be made from ${shiftMonth(history.portfolio.months[0], needed)} on.`
                : "No revenue has been recorded on this account yet.",
            ],
          },
        ],
        kind: "forecast",
        horizonMonths,
        historyMonths: have,
        insufficientHistory: true,
        points: [],
        backtest: null,
        domains: [],
      },
    };
  }
  const points = monthsOf(history.portfolio, portfolio.points);
  await progress(50);
  const domains = [];
  for (const [i, d] of history.domains.entries()) {
    const f = forecastSeries(d.series.values, SEASON, horizonMonths);
    domains.push({
      id: d.id,
      name: d.name,
      historyMonths: d.series.months.length,
      points: f ? monthsOf(d.series, f.points) : [],
      backtest: f ? backtestOf(f.backtest) : null,
    });
    await progress(50 + Math.round((40 * (i + 1)) / Math.max(1, history.domains.length)));
  }
  const total = points.reduce((sum, p) => sum + toCents(p.value), 0) / 100;
  const sections: TReportSection[] = [
    {
      heading: "Portfolio forecast",
      lines: [
        `Monthly revenue for the next ${horizonMonths} months, from ${history.portfolio.months.length} months of history (${history.portfolio.months[0]} to ${history.portfolio.months.at(-1)}).`,
        `Forecast total: ${formatUsd(cents(total))}. Parking revenue is as the ad networks reported it.`,
      ],
      table: forecastTable(points),
    },
    { heading: "How accurate this model has been", lines: backtestLines(portfolio.backtest) },
    ...domains.map((d) => ({
      heading: `Forecast for ${d.name}`,
      lines: d.backtest
        ? [
            `MASE ${d.backtest.mase.toFixed(2)} (seasonal naive ${d.backtest.seasonalNaiveMase.toFixed(2)}), 80% coverage ${pct(d.backtest.coverage80)}.`,
          ]
        : [`Only ${d.historyMonths} months of history: no forecast for this domain (${needed} needed).`],
      ...(d.points.length ? { table: forecastTable(d.points) } : {}),
    })),
  ];
  return {
    content: {
      summary: `Revenue forecast for ${horizonMonths} months: ${formatUsd(cents(total))} expected, backtest MASE ${portfolio.backtest.mase.toFixed(2)} against ${portfolio.backtest.seasonalNaiveMase.toFixed(2)} for seasonal naive.`,
      sections,
      kind: "forecast",
      horizonMonths,
      historyMonths: history.portfolio.months.length,
      insufficientHistory: false,
      points,
      backtest: backtestOf(portfolio.backtest),
      domains,
    },
  };
};
