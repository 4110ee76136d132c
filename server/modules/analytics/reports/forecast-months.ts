import { calibrate, halfWidth } from "../forecast/conformal";
import {
  type Backtest,
  type ForecastPoint,
  forecastSeries,
  minHistory,
  widening,
  withIntervals,
} from "../forecast/forecast-series";
import { type DailySeries, daysBetween, shiftDay } from "./daily-revenue";
import { type MonthlySeries, shiftMonth } from "./monthly-revenue";

/** The monthly model's season: a year. */
export const MONTH_SEASON = 12;
/** The daily model's season: a week. */
export const DAY_SEASON = 7;
/** Complete months the monthly model needs: two years to fit a yearly season, three to test. */
export const MIN_MONTHS = minHistory(MONTH_SEASON);
/** Days the daily model needs: two weeks to fit a weekly season, six more to test and calibrate it. */
export const MIN_DAYS = 56;
/** Days ahead each origin of the daily backtest forecasts, and the length of the totals it measures. */
export const DAILY_MEASURE = 28;

/** Which model the history supports: a yearly season on months, else a weekly one on days. */
export type ForecastModel = "monthly" | "daily";

export function modelFor(history: { months: number; days: number }): ForecastModel | null {
  if (history.months >= MIN_MONTHS) return "monthly";
  if (history.days >= MIN_DAYS) return "daily";
  return null;
}

/** One forecast month: its key ("2027-01") and its point with intervals. */
export interface MonthPoint extends ForecastPoint {
  month: string;
}

/** Measured coverage of the daily model's four-week totals (what its months are built from). */
export interface TotalsBacktest {
  days: number;
  coverage80: number | null;
  coverage95: number | null;
  tested: number;
  /** Four-week totals of the backtest the monthly intervals are calibrated on. */
  calibratedOn: number;
}

export interface MonthsForecast {
  model: ForecastModel;
  months: MonthPoint[];
  backtest: Backtest;
  /** The daily model only: how its four-week totals fared. */
  totals: TotalsBacktest | null;
}

/**
 * `horizonMonths` months of revenue from the current month on, from the model the history
 * supports (docs/decisions/0012-forecasting-with-augurs.md), or null when it supports none.
 */
export function forecastMonths(options: {
  model: ForecastModel;
  monthly: MonthlySeries;
  daily: DailySeries;
  /** The user's today: the daily model forecasts from it, and this month's days before it are known. */
  today: string;
  horizonMonths: number;
  /** Backtest origins: more measure better, each is a model fit; the daily model's are `stride` days apart. */
  origins: number;
  stride?: number;
}): MonthsForecast | null {
  return options.model === "monthly" ? fromMonths(options) : fromDays(options);
}

function fromMonths(options: {
  monthly: MonthlySeries;
  horizonMonths: number;
  origins: number;
}): MonthsForecast | null {
  const { monthly, horizonMonths } = options;
  const f = forecastSeries(monthly.values, {
    season: MONTH_SEASON,
    horizon: horizonMonths,
    measure: MONTH_SEASON,
    origins: Math.min(options.origins, 3 * MONTH_SEASON),
  });
  if (!f) return null;
  const last = monthly.months.at(-1) ?? "";
  return {
    model: "monthly",
    months: f.points.map((p, i) => ({ month: shiftMonth(last, i + 1), ...p })),
    backtest: f.backtest,
    totals: null,
  };
}

/**
 * The daily model added up to months. A month's point is its known days plus the forecast ones;
 * its interval is calibrated on the backtest's four-week totals (so that errors that cancel out
 * over days are not counted as if they added up), per day of forecast, widened past four weeks.
 */
function fromDays(options: {
  daily: DailySeries;
  today: string;
  horizonMonths: number;
  origins: number;
  stride?: number;
}): MonthsForecast | null {
  const { daily, today, horizonMonths } = options;
  const thisMonth = today.slice(0, 7);
  const months = Array.from({ length: horizonMonths }, (_, i) => shiftMonth(thisMonth, i));
  const lastDay = shiftDay(`${shiftMonth(thisMonth, horizonMonths)}-01`, -1);
  const ahead = daysBetween(today, lastDay);
  const f = forecastSeries(daily.values, {
    season: DAY_SEASON,
    horizon: ahead.length,
    measure: DAILY_MEASURE,
    origins: options.origins,
    stride: options.stride,
  });
  if (!f) return null;

  const full = f.calibration.paths.filter((p) => p.actual.length === DAILY_MEASURE);
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  const totals = full.map((p) => ({
    origin: p.origin,
    knownAfter: p.origin + DAILY_MEASURE,
    forecast: sum(p.forecast),
    actual: sum(p.actual),
  }));
  const at80 = calibrate(totals, 0.8);
  const at95 = calibrate(totals, 0.95);
  const perDay = {
    0.8: halfWidth(totals, at80) / DAILY_MEASURE,
    0.95: halfWidth(totals, at95) / DAILY_MEASURE,
  };

  const known = new Map(daily.days.map((d, i) => [d, daily.values[i]]));
  const points = months.map((month) => {
    let sofar = 0;
    let forecast = 0;
    let width = 0;
    for (const [d, v] of known) if (d.startsWith(month)) sofar += v;
    ahead.forEach((d, k) => {
      if (!d.startsWith(month)) return;
      forecast += f.points[k].value;
      width += widening(k + 1, DAILY_MEASURE);
    });
    // What the month has earned so far is known: only the days to come are uncertain.
    const p = withIntervals(forecast, { 0.8: perDay[0.8] * width, 0.95: perDay[0.95] * width });
    return {
      month,
      value: sofar + p.value,
      lower80: sofar + p.lower80,
      upper80: sofar + p.upper80,
      lower95: sofar + p.lower95,
      upper95: sofar + p.upper95,
    };
  });
  return {
    model: "daily",
    months: points,
    backtest: f.backtest,
    totals: {
      days: DAILY_MEASURE,
      coverage80: at80.coverage,
      coverage95: at95.coverage,
      tested: at80.tested,
      calibratedOn: totals.length,
    },
  };
}
