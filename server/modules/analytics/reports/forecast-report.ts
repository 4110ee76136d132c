import type { TReportSection } from "../../../../shared/api/reports";
import { formatUsd, toCents } from "../../../../shared/money";
import { FORECAST_PERIODS } from "../../../../shared/prices";
import type { DbOrTx } from "../../../db/tx";
import { AppError } from "../../../http/app-error";
import type { ReportBuilder } from "../../reports/report-builder";
import type { Backtest } from "../forecast/forecast-series";
import { dailyRevenue } from "./daily-revenue";
import { forecastHistory, notEnoughHistory } from "./forecast-basis";
import {
  DAILY_MEASURE,
  type ForecastModel,
  forecastMonths,
  type MonthPoint,
  type MonthsForecast,
  modelFor,
} from "./forecast-months";
import { monthlyRevenue } from "./monthly-revenue";

/** Domains forecast one by one: the best earners of the last 12 months. */
export const FORECAST_DOMAINS = 10;
/**
 * Backtest origins of the portfolio's model and of each domain's (each origin is a model fit, some
 * 40 ms on a quiet core): the portfolio's daily model from every other day of the last 90, a
 * domain's every other week of the last twelve.
 */
export const PORTFOLIO_BACKTEST = { origins: 45, stride: 2 };
const DOMAIN = { origins: 6, stride: 14 };

const cents = (v: number) => (Math.round(v * 100) / 100).toFixed(2);
const pct = (v: number) => `${Math.round(v * 100)}%`;
const round3 = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000);

/** One forecast month as the report stores it: money as decimal strings. */
export interface ForecastMonth {
  month: string;
  value: string;
  lower80: string;
  upper80: string;
  lower95: string;
  upper95: string;
}

const stored = (points: MonthPoint[]): ForecastMonth[] =>
  points.map((p) => ({
    month: p.month,
    value: cents(p.value),
    lower80: cents(p.lower80),
    upper80: cents(p.upper80),
    lower95: cents(p.lower95),
    upper95: cents(p.upper95),
  }));

const UNIT: Record<ForecastModel, string> = { monthly: "month", daily: "day" };

const backtestOf = (b: Backtest, model: ForecastModel) => ({
  unit: UNIT[model],
  mase: round3(b.mase),
  naiveMase: round3(b.naiveMase),
  seasonalNaiveMase: round3(b.seasonalNaiveMase),
  coverage80: round3(b.coverage80),
  coverage95: round3(b.coverage95),
  tested: b.tested,
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

/** The measured coverage, said plainly, or why it could not be measured yet. */
function coverageLine(b: Backtest, what: string): string {
  if (b.coverage80 === null || b.coverage95 === null) {
    return `Too little history to test the intervals yet: they are built from the backtest's errors as they are.`;
  }
  return `Measured coverage: the 80% intervals held ${pct(b.coverage80)} and the 95% intervals ${pct(b.coverage95)} of the ${b.tested} ${what} tested, each interval built only from the errors known before it (conformal intervals).`;
}

/** How the model did on the account's own history, on the series it was fitted to. */
export function backtestLines(f: MonthsForecast): string[] {
  const b = f.backtest;
  const unit = UNIT[f.model];
  const baseline =
    f.model === "monthly"
      ? "repeating last year's month (seasonal naive)"
      : "repeating the same weekday a week before (seasonal naive)";
  const lines = [
    `Measured on the account's own ${unit === "day" ? "daily" : "monthly"} revenue: ${b.origins} rolling origins, forecasting up to ${b.horizon} ${unit}s ahead each time.`,
    `MASE ${b.mase.toFixed(2)} for this model, ${b.seasonalNaiveMase.toFixed(2)} for ${baseline} and ${b.naiveMase.toFixed(2)} for repeating the last ${unit} (naive); lower is better, below 1 beats the seasonal repeat.`,
    coverageLine(b, `${unit}s`),
  ];
  const totals = f.totals;
  if (totals) {
    lines.push(
      totals.coverage80 !== null && totals.coverage95 !== null
        ? `Monthly intervals are calibrated on ${totals.calibratedOn} ${totals.days}-day totals of the backtest; they held ${pct(totals.coverage80)} (80%) and ${pct(totals.coverage95)} (95%) of the ${totals.tested} totals tested.`
        : `Monthly intervals are calibrated on ${totals.calibratedOn} ${totals.days}-day totals of the backtest, too few yet to test them apart.`,
    );
  }
  const measured = f.model === "daily" ? `${DAILY_MEASURE} days` : `${b.horizon} months`;
  lines.push(
    `Past ${measured} ahead the intervals widen with the square root of the horizon: that far out, no backtest has measured them.`,
  );
  return lines;
}

function methodLine(model: ForecastModel, history: { months: number; days: number }): string {
  return model === "monthly"
    ? `Modelled on ${history.months} months of history with a yearly pattern and trend (augurs' MSTL with an AutoETS trend).`
    : `The account has ${history.days} days of revenue, fewer than the two years a yearly pattern needs, so the model forecasts daily revenue (a weekly pattern and trend: augurs' MSTL with an AutoETS trend) and adds the days up to months; the current month counts what it has earned so far. One-off days, such as a sale, are not repeated.`;
}

/** The portfolio's (and its best earners') months forecast with the model the history supports. */
export async function forecastPortfolio(options: {
  db: DbOrTx;
  userId: string;
  horizonMonths: number;
  topDomains: number;
  progress?: (percent: number) => Promise<void>;
}) {
  const { db, userId, horizonMonths } = options;
  const history = await forecastHistory({ db, userId });
  const monthly = await monthlyRevenue({ db, userId, topDomains: options.topDomains });
  const model = history.model;
  if (!model) return { history, monthly, forecast: null, domains: [] };
  const daily = await dailyRevenue({ db, userId, domainIds: monthly.domains.map((d) => d.id) });
  await options.progress?.(20);
  const forecast = forecastMonths({
    model,
    monthly: monthly.portfolio,
    daily: daily.portfolio,
    today: daily.today,
    horizonMonths,
    ...PORTFOLIO_BACKTEST,
  });
  await options.progress?.(50);
  const domains = [];
  for (const [i, d] of monthly.domains.entries()) {
    const own = daily.domains.get(d.id) ?? { days: [], values: [] };
    const domainModel = modelFor({ months: d.series.months.length, days: own.days.length });
    // A domain is forecast like its portfolio, when its own history is long enough for that model.
    const f =
      domainModel === model || (model === "daily" && domainModel === "monthly")
        ? forecastMonths({
            model,
            monthly: d.series,
            daily: own,
            today: daily.today,
            horizonMonths,
            ...DOMAIN,
          })
        : null;
    domains.push({ id: d.id, name: d.name, historyDays: own.days.length, forecast: f });
    await options.progress?.(50 + Math.round((40 * (i + 1)) / Math.max(1, monthly.domains.length)));
  }
  return { history, monthly, forecast, domains };
}

/**
 * A revenue forecast for the months bought: the portfolio's monthly revenue and each best earner's,
 * with 80% and 95% intervals and the backtest of the model on the account's history. Two years
 * of months get a yearly model; a shorter history is modelled day by day and added up to months;
 * less than eight weeks gets no forecast (the order is refused before then: docs/reports.md).
 */
export const buildForecastReport: ReportBuilder = async ({ db, report, progress }) => {
  const period = FORECAST_PERIODS.find((p) => p.id === String(report.params.period));
  if (!period) throw new AppError("UNPROCESSABLE", "This forecast's order names no period.");
  const horizonMonths = period.months;
  const { history, forecast, domains } = await forecastPortfolio({
    db,
    userId: report.userId,
    horizonMonths,
    topDomains: FORECAST_DOMAINS,
    progress,
  });
  if (!forecast) {
    const summary = notEnoughHistory(history);
    return {
      content: {
        summary,
        sections: [
          {
            heading: "Why there is no forecast",
            lines: [
              summary,
              "A model fitted to a few weeks cannot tell a weekly pattern from chance, and its error could not be measured, so no figures are invented.",
            ],
          },
        ],
        kind: "forecast",
        horizonMonths,
        historyMonths: history.months,
        historyDays: history.days,
        model: null,
        insufficientHistory: true,
        points: [],
        backtest: null,
        totals: null,
        domains: [],
      },
    };
  }
  const points = stored(forecast.months);
  const total = points.reduce((sum, p) => sum + toCents(p.value), 0) / 100;
  const sections: TReportSection[] = [
    {
      heading: "Portfolio forecast",
      lines: [
        `Monthly revenue for ${horizonMonths} months from ${points[0].month}. ${methodLine(forecast.model, history)}`,
        `Forecast total: ${formatUsd(cents(total))}. Parking revenue is as the ad networks reported it.`,
      ],
      table: forecastTable(points),
    },
    { heading: "How accurate this model has been", lines: backtestLines(forecast) },
    ...domains.map((d) => ({
      heading: `Forecast for ${d.name}`,
      lines: d.forecast
        ? [
            `MASE ${d.forecast.backtest.mase.toFixed(2)} (seasonal naive ${d.forecast.backtest.seasonalNaiveMase.toFixed(2)}). ${coverageLine(d.forecast.backtest, `${UNIT[d.forecast.model]}s`)}`,
          ]
        : [`Only ${d.historyDays} days of history: no forecast for this domain yet.`],
      ...(d.forecast ? { table: forecastTable(stored(d.forecast.months)) } : {}),
    })),
  ];
  const b = forecast.backtest;
  return {
    content: {
      summary: `Revenue forecast for ${horizonMonths} months: ${formatUsd(cents(total))} expected. Backtest MASE ${b.mase.toFixed(2)} against ${b.seasonalNaiveMase.toFixed(2)} for seasonal naive${b.coverage80 === null ? "" : `; 80% intervals held ${pct(b.coverage80)} of tested ${UNIT[forecast.model]}s`}.`,
      sections,
      kind: "forecast",
      horizonMonths,
      historyMonths: history.months,
      historyDays: history.days,
      model: forecast.model,
      insufficientHistory: false,
      points,
      backtest: backtestOf(b, forecast.model),
      totals: forecast.totals,
      domains: domains.map((d) => ({
        id: d.id,
        name: d.name,
        historyDays: d.historyDays,
        points: d.forecast ? stored(d.forecast.months) : [],
        backtest: d.forecast ? backtestOf(d.forecast.backtest, d.forecast.model) : null,
      })),
    },
  };
};
