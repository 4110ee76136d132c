import { mstlModel } from "./augurs";
import { type Calibrated, type Check, calibrate, halfWidth, LEVELS, type Level } from "./conformal";

/** One forecast step: the point and its 80% and 95% intervals (never below zero). */
export interface ForecastPoint {
  value: number;
  lower80: number;
  upper80: number;
  lower95: number;
  upper95: number;
}

/** The rolling-origin backtest's figures (docs/decisions/0012-forecasting-with-augurs.md). */
export interface Backtest {
  /** The model's MASE: mean absolute error ÷ the training data's mean seasonal difference. */
  mase: number;
  /** The same for the naive forecast (the last value carried forward). */
  naiveMase: number;
  /** The same for the seasonal-naive forecast (the value one season earlier). */
  seasonalNaiveMase: number;
  /**
   * Measured share of actual values inside the 80% and 95% intervals, each interval built only
   * from the errors known at its origin; null when the history is too short to test one.
   */
  coverage80: number | null;
  coverage95: number | null;
  /** How many forecasts the coverage was measured on. */
  tested: number;
  origins: number;
  /** Steps ahead each origin forecast (and the intervals are calibrated on). */
  horizon: number;
}

/** A model's forecasts at every origin of the backtest, which calibrate its intervals. */
export interface Calibration {
  /** Every single-step forecast with its actual. */
  checks: Check[];
  /** Each origin's forecasts and actuals, for errors of totals over several steps. */
  paths: { origin: number; forecast: number[]; actual: number[] }[];
  /** Each level as calibrated on the checks. */
  levels: Record<Level, Calibrated>;
  horizon: number;
}

export interface SeriesForecast {
  points: ForecastPoint[];
  backtest: Backtest;
  calibration: Calibration;
}

/** Two full seasons to fit the seasonal model, plus three steps to test it on at least. */
export const minHistory = (season: number) => 2 * season + 3;

const clamp = (v: number) => (Number.isFinite(v) ? Math.max(0, v) : 0);
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * The series with one-off values (a domain sold in a day, a month with a large sale) replaced by
 * the median around them, so that one sale does not become a weekly or yearly pattern: a value
 * further than 5 robust deviations (1.4826 × MAD) from its centred rolling median of one season.
 */
export function withoutOneOffs(y: readonly number[], season: number): number[] {
  const half = Math.max(1, Math.floor(season / 2));
  const local = y.map((_, t) => median(y.slice(Math.max(0, t - half), t + half + 1)));
  const deviations = y.map((v, t) => Math.abs(v - local[t]));
  const spread = 1.4826 * median(deviations);
  if (spread === 0) return [...y];
  return y.map((v, t) => (deviations[t] > 5 * spread ? local[t] : v));
}

/** The model's point forecasts: MSTL (one season) with an AutoETS trend, one-offs left out. */
export function predictPoints(y: readonly number[], season: number, steps: number): number[] {
  const model = mstlModel([season]);
  try {
    model.fit(Float64Array.from(withoutOneOffs(y, season)));
    return Array.from(model.predict(steps).point, (v) => (Number.isFinite(v) ? v : 0));
  } finally {
    model.free();
  }
}

/**
 * How an interval widens past the steps the backtest measured: with the square root of the
 * horizon, as a level's drift does. Within them the errors measured are used as they are.
 */
export const widening = (step: number, measured: number) => Math.max(1, Math.sqrt(step / measured));

/**
 * Rolling-origin backtest: from each of the last `origins` cut points (`stride` steps apart, the
 * last one the newest step) the model is fitted on
 * what came before and forecasts up to `horizon` steps, and so do the naive and seasonal-naive
 * baselines. Errors are scaled by the in-sample mean absolute seasonal difference of the whole
 * history before the first origin, so one scale serves every method. The model's errors are the
 * conformal scores its intervals are calibrated on; coverage is measured as they grew.
 */
export function backtest(
  y: readonly number[],
  options: { season: number; horizon: number; origins?: number; stride?: number },
): { backtest: Backtest; calibration: Calibration } {
  const { season } = options;
  const horizon = Math.max(1, Math.min(options.horizon, y.length - 2 * season));
  const wanted = options.origins ?? 24;
  const stride = options.stride ?? 1;
  const cuts: number[] = [];
  for (let cut = y.length - 1; cut >= 2 * season && cuts.length < wanted; cut -= stride) cuts.unshift(cut);
  const first = cuts[0] ?? y.length;
  const diffs: number[] = [];
  for (let t = season; t < first; t++) diffs.push(Math.abs(y[t] - y[t - season]));
  const scale = mean(diffs) || 1;
  const model: number[] = [];
  const naive: number[] = [];
  const seasonal: number[] = [];
  const checks: Check[] = [];
  const paths: Calibration["paths"] = [];
  for (const cut of cuts) {
    const train = y.slice(0, cut);
    const steps = Math.min(horizon, y.length - cut);
    const points = predictPoints(train, season, steps);
    const actual = y.slice(cut, cut + steps);
    paths.push({ origin: cut, forecast: points, actual });
    for (let h = 0; h < steps; h++) {
      const error = Math.abs(actual[h] - points[h]);
      model.push(error);
      naive.push(Math.abs(actual[h] - train[train.length - 1]));
      seasonal.push(Math.abs(actual[h] - train[train.length - season + (h % season)]));
      checks.push({ origin: cut, knownAfter: cut + h + 1, forecast: points[h], actual: actual[h] });
    }
  }
  const levels = { 0.8: calibrate(checks, 0.8), 0.95: calibrate(checks, 0.95) };
  const at80 = levels[0.8];
  const at95 = levels[0.95];
  return {
    backtest: {
      mase: mean(model) / scale,
      naiveMase: mean(naive) / scale,
      seasonalNaiveMase: mean(seasonal) / scale,
      coverage80: at80.coverage,
      coverage95: at95.coverage,
      tested: at80.tested,
      origins: cuts.length,
      horizon,
    },
    calibration: { checks, paths, levels, horizon },
  };
}

/** The conformal half-width of each level, from every backtest error at its calibrated level. */
export function halfWidths(calibration: Calibration): Record<Level, number> {
  return {
    0.8: halfWidth(calibration.checks, calibration.levels[0.8]),
    0.95: halfWidth(calibration.checks, calibration.levels[0.95]),
  };
}

/** A point with the intervals of these half-widths, never below zero. */
export function withIntervals(value: number, half: Record<Level, number>): ForecastPoint {
  const [l80, l95] = LEVELS;
  return {
    value: clamp(value),
    lower80: clamp(value - half[l80]),
    upper80: clamp(value + half[l80]),
    lower95: clamp(value - half[l95]),
    upper95: clamp(value + half[l95]),
  };
}

/**
 * The forecast of a series with conformal intervals and its measured error, or null when the
 * history is shorter than `minHistory(season)`: too little to fit a seasonal model and test it,
 * so nothing is invented. `measure` is how many steps ahead the backtest forecasts.
 */
export function forecastSeries(
  y: readonly number[],
  options: { season: number; horizon: number; measure: number; origins?: number; stride?: number },
): SeriesForecast | null {
  const { season, horizon } = options;
  if (y.length < minHistory(season)) return null;
  const tested = backtest(y, {
    season,
    horizon: options.measure,
    origins: options.origins,
    stride: options.stride,
  });
  const half = halfWidths(tested.calibration);
  const measured = tested.calibration.horizon;
  const points = predictPoints(y, season, horizon).map((value, h) => {
    const wider = widening(h + 1, measured);
    return withIntervals(value, { 0.8: half[0.8] * wider, 0.95: half[0.95] * wider });
  });
  return { points, ...tested };
}
