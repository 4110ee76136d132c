import { mstlModel } from "./augurs";

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
  /** Share of actual values inside the 80% and 95% intervals. */
  coverage80: number;
  coverage95: number;
  origins: number;
  horizon: number;
}

export interface SeriesForecast {
  points: ForecastPoint[];
  backtest: Backtest;
}

/** Two full seasons to fit the seasonal model, plus three steps to test it on at least. */
export const minHistory = (season: number) => 2 * season + 3;

const clamp = (v: number) => (Number.isFinite(v) ? Math.max(0, v) : 0);

/** Forecasts `horizon` steps of `y` with MSTL (one season) and an AutoETS trend, with both intervals. */
export function predict(y: readonly number[], season: number, horizon: number): ForecastPoint[] {
  const model = mstlModel([season]);
  try {
    model.fit(Float64Array.from(y));
    const at80 = model.predict(horizon, 0.8);
    const at95 = model.predict(horizon, 0.95);
    return at80.point.map((value, i) => ({
      value: clamp(value),
      lower80: clamp(at80.intervals?.lower[i] ?? value),
      upper80: clamp(at80.intervals?.upper[i] ?? value),
      lower95: clamp(at95.intervals?.lower[i] ?? value),
      upper95: clamp(at95.intervals?.upper[i] ?? value),
    }));
  } finally {
    model.free();
  }
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/**
 * Rolling-origin backtest: from each of the last `origins` cut points the model is fitted on
 * what came before and forecasts up to `horizon` steps, and so do the naive and seasonal-naive
 * baselines. Errors are scaled by the in-sample mean absolute seasonal difference of the whole
 * history before the first origin, so one scale serves every method.
 */
export function backtest(
  y: readonly number[],
  options: { season: number; horizon: number; origins?: number },
): Backtest {
  const { season } = options;
  const horizon = Math.max(1, Math.min(options.horizon, y.length - 2 * season));
  const wanted = options.origins ?? 6;
  const first = Math.max(2 * season, y.length - horizon - wanted + 1);
  const cuts: number[] = [];
  for (let cut = first; cut < y.length && cuts.length < wanted; cut++) cuts.push(cut);
  const diffs: number[] = [];
  for (let t = season; t < first; t++) diffs.push(Math.abs(y[t] - y[t - season]));
  const scale = mean(diffs) || 1;
  const model: number[] = [];
  const naive: number[] = [];
  const seasonal: number[] = [];
  let in80 = 0;
  let in95 = 0;
  for (const cut of cuts) {
    const train = y.slice(0, cut);
    const steps = Math.min(horizon, y.length - cut);
    const points = predict(train, season, steps);
    for (let h = 0; h < steps; h++) {
      const actual = y[cut + h];
      const p = points[h];
      model.push(Math.abs(actual - p.value));
      naive.push(Math.abs(actual - train[train.length - 1]));
      seasonal.push(Math.abs(actual - train[train.length - season + (h % season)]));
      if (actual >= p.lower80 && actual <= p.upper80) in80++;
      if (actual >= p.lower95 && actual <= p.upper95) in95++;
    }
  }
  return {
    mase: mean(model) / scale,
    naiveMase: mean(naive) / scale,
    seasonalNaiveMase: mean(seasonal) / scale,
    coverage80: model.length ? in80 / model.length : 0,
    coverage95: model.length ? in95 / model.length : 0,
    origins: cuts.length,
    horizon,
  };
}

/**
 * The forecast of a series and its measured error, or null when the history is shorter than
 * `minHistory(season)`: too little to fit a seasonal model and test it, so nothing is invented.
 */
export function forecastSeries(y: readonly number[], season: number, horizon: number): SeriesForecast | null {
  if (y.length < minHistory(season)) return null;
  return {
    points: predict(y, season, horizon),
    backtest: backtest(y, { season, horizon: Math.min(horizon, season) }),
  };
}
