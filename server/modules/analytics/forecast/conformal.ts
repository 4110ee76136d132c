/**
 * Conformal prediction intervals from backtest errors (docs/decisions/0012-forecasting-with-augurs.md):
 * the half-width at level L is the ⌈(n+1)·L⌉-th smallest of n absolute errors the model made
 * before. No distribution is assumed, and the model's own intervals are not used. Forecast errors
 * are not exchangeable (a model fitted on more history errs less), so the level is adapted as
 * each forecast is checked (adaptive conformal inference, Gibbs & Candès 2021): after a miss it
 * rises, after a hit it falls, and what the intervals cover settles at what they promise.
 */

/** The nominal levels every forecast carries. */
export const LEVELS = [0.8, 0.95] as const;
export type Level = (typeof LEVELS)[number];

/** Errors needed before an interval is built: 19 make a 95% quantile that is one of them. */
export const MIN_SCORES = 20;
/**
 * How far one checked forecast moves the level (ACI's step), over the square root of how many
 * there are: a long backtest adapts slowly and settles, a short one still moves. At 0.12 a
 * monthly backtest (294 forecasts, 12 ahead, fed back a year late) still covered 85.4% at 80%;
 * at 0.3 it covers 84.0% and a daily one 81.8% (bench `analytics-reports`).
 */
const STEP_SCALE = 0.3;

/** The conformal half-width at `level` of these absolute errors; the largest when too few. */
export function conformalQuantile(scores: readonly number[], level: number): number {
  if (scores.length === 0) return 0;
  const sorted = [...scores].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((sorted.length + 1) * level));
  return sorted[Math.min(rank, sorted.length) - 1];
}

/** One forecast of the backtest: made at `origin`, its actual known once `knownAfter` steps are. */
export interface Check {
  origin: number;
  knownAfter: number;
  forecast: number;
  actual: number;
}

/** How intervals at one nominal level fared, and the level to read errors at from now on. */
export interface Calibrated {
  /** Share of the checked forecasts inside their interval; null when none could be checked. */
  coverage: number | null;
  tested: number;
  /** The quantile level (adapted) that the forecast's intervals use. */
  level: number;
}

const errorsKnown = (checks: readonly Check[], at: number) =>
  checks.filter((c) => c.knownAfter <= at).map((c) => Math.abs(c.actual - c.forecast));

/**
 * Walks the backtest in time: at each origin, every forecast gets the interval built from the
 * errors known by then (at least `MIN_SCORES`), at the adapted level; each is checked once its
 * actual is known, and the level moves. Answers the coverage measured so and the final level.
 */
export function calibrate(checks: readonly Check[], nominal: number): Calibrated {
  const step = STEP_SCALE / Math.sqrt(Math.max(1, checks.length));
  const origins = [...new Set(checks.map((c) => c.origin))].sort((a, b) => a - b);
  let miss = 1 - nominal;
  let pending: { knownAfter: number; covered: boolean }[] = [];
  let inside = 0;
  let tested = 0;
  const settle = (at: number) => {
    for (const p of pending.filter((p) => p.knownAfter <= at))
      miss += step * (1 - nominal - (p.covered ? 0 : 1));
    pending = pending.filter((p) => p.knownAfter > at);
  };
  for (const origin of origins) {
    settle(origin);
    const known = errorsKnown(checks, origin);
    if (known.length < MIN_SCORES) continue;
    const half = conformalQuantile(known, 1 - miss);
    for (const c of checks.filter((c) => c.origin === origin)) {
      const covered = Math.abs(c.actual - c.forecast) <= half;
      tested++;
      if (covered) inside++;
      pending.push({ knownAfter: c.knownAfter, covered });
    }
  }
  settle(Number.POSITIVE_INFINITY);
  return { coverage: tested ? inside / tested : null, tested, level: Math.min(1, Math.max(0, 1 - miss)) };
}

/** The half-width a new forecast gets: every backtest error, read at the calibrated level. */
export function halfWidth(checks: readonly Check[], calibrated: Calibrated): number {
  return conformalQuantile(errorsKnown(checks, Number.POSITIVE_INFINITY), calibrated.level);
}
