import { requireOnce } from "../../lib/load-once";

/** jStat, loaded with the first split test scored rather than with every start. */
const stats = requireOnce<typeof import("jstat").default>("jstat");

/** One variant's counts. */
export interface Arm {
  visitors: number;
  conversions: number;
}

/** The stopping rule: a variant wins when its chance to be best reaches `threshold` and every variant has `minVisitors`. */
export interface StoppingRule {
  threshold: number;
  minVisitors: number;
}

/**
 * Chosen by the simulation in tests/unit/split-test-stats.test.ts: with the owner looking every
 * day for 30 days, A/A tests declare a winner in at most 5% of runs (docs/product.md#split-tests).
 */
export const DEFAULT_STOPPING_RULE: StoppingRule = { threshold: 0.998, minVisitors: 500 };
/** Below this p-value the split is broken (sample-ratio mismatch), as common practice sets it. */
export const SRM_ALPHA = 0.001;
const GRID = 1200;

/** The posterior of a conversion rate under a uniform Beta(1, 1) prior. */
const posterior = (arm: Arm) => ({ a: 1 + arm.conversions, b: 1 + arm.visitors - arm.conversions });

/**
 * The rate's 95% interval: Jeffreys' (the Beta(½, ½) posterior's equal tails), with the usual
 * ends at 0 conversions (from 0) and at all visitors converting (to 1), so it always holds the
 * observed rate.
 */
export function rateInterval(arm: Arm, level = 0.95): [number, number] {
  const { visitors: n, conversions: c } = arm;
  const tail = (1 - level) / 2;
  const lo = c === 0 ? 0 : stats().beta.inv(tail, c + 0.5, n - c + 0.5);
  const hi = c === n ? 1 : stats().beta.inv(1 - tail, c + 0.5, n - c + 0.5);
  return [lo, hi];
}

/**
 * The chance that each variant's true rate is the highest (Bayesian beta-binomial):
 * P(i best) = ∫ f_i(x) Π_{j≠i} F_j(x) dx, integrated on a grid over where the posteriors have
 * their mass (±9 standard deviations), each density's CDF accumulated on the same grid.
 */
export function chanceToBeBest(arms: Arm[]): number[] {
  const posts = arms.map(posterior);
  let lo = 1;
  let hi = 0;
  for (const { a, b } of posts) {
    const mean = a / (a + b);
    const sd = Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1)));
    lo = Math.min(lo, mean - 9 * sd);
    hi = Math.max(hi, mean + 9 * sd);
  }
  lo = Math.max(lo, 0);
  hi = Math.min(hi, 1);
  const dx = (hi - lo) / GRID;
  const pdfs = posts.map(({ a, b }) => {
    const lnB = stats().betaln(a, b);
    const values = new Float64Array(GRID + 1);
    for (let k = 0; k <= GRID; k++) {
      const x = Math.min(Math.max(lo + k * dx, 1e-300), 1 - 1e-16);
      values[k] = Math.exp((a - 1) * Math.log(x) + (b - 1) * Math.log1p(-x) - lnB);
    }
    return values;
  });
  const cdfs = pdfs.map((pdf) => {
    const cdf = new Float64Array(GRID + 1);
    for (let k = 1; k <= GRID; k++) cdf[k] = cdf[k - 1] + ((pdf[k - 1] + pdf[k]) / 2) * dx;
    const total = cdf[GRID] || 1;
    for (let k = 0; k <= GRID; k++) cdf[k] /= total;
    return cdf;
  });
  const raw = pdfs.map((pdf, i) => {
    let sum = 0;
    for (let k = 0; k <= GRID; k++) {
      let others = 1;
      for (let j = 0; j < cdfs.length; j++) if (j !== i) others *= cdfs[j][k];
      sum += (k === 0 || k === GRID ? 0.5 : 1) * pdf[k] * others;
    }
    return sum;
  });
  const total = raw.reduce((s, v) => s + v, 0);
  return raw.map((v) => (total > 0 ? v / total : 1 / arms.length));
}

/** Sample-ratio mismatch: the chi-square goodness-of-fit p-value of the visitors against the intended split. */
export function sampleRatioCheck(visitors: number[], weights: number[]): { pValue: number; ok: boolean } {
  const n = visitors.reduce((s, v) => s + v, 0);
  const w = weights.reduce((s, v) => s + v, 0);
  if (n === 0) return { pValue: 1, ok: true };
  let chi2 = 0;
  for (let i = 0; i < visitors.length; i++) {
    const expected = (n * weights[i]) / w;
    chi2 += (visitors[i] - expected) ** 2 / expected;
  }
  const pValue = Math.min(1, Math.max(0, 1 - stats().chisquare.cdf(chi2, visitors.length - 1)));
  return { pValue, ok: pValue >= SRM_ALPHA };
}

/** The busiest networks a test's concentration is measured on. */
export const TOP_NETWORKS = 10;
/** A test is concentrated when its busiest networks bring more than this share of its visitors. */
export const CONCENTRATED_SHARE = 0.5;

/** Where a test's counted visitors came from: how many networks, and how many the busiest ten brought. */
export interface NetworkCounts {
  networks: number;
  visitors: number;
  /** Visitors of the `TOP_NETWORKS` networks that brought the most. */
  topVisitors: number;
}

/**
 * Whether a test's traffic comes mostly from a few networks (more than half of its visitors from
 * its ten busiest): then a handful of machines may be steering it, and it declares no winner.
 */
export function trafficOf(counts: NetworkCounts): {
  networks: number;
  topVisitorShare: number;
  concentrated: boolean;
} {
  const share = counts.visitors > 0 ? counts.topVisitors / counts.visitors : 0;
  return { networks: counts.networks, topVisitorShare: share, concentrated: share > CONCENTRATED_SHARE };
}

/**
 * The winning variant under the rule, or null while the test should go on: a broken split never
 * wins, nor does traffic that comes mostly from a few networks.
 */
export function winnerOf(
  arms: Arm[],
  weights: number[],
  rule: StoppingRule = DEFAULT_STOPPING_RULE,
  traffic: { concentrated: boolean } = { concentrated: false },
): number | null {
  if (traffic.concentrated) return null;
  if (arms.some((arm) => arm.visitors < rule.minVisitors)) return null;
  if (
    !sampleRatioCheck(
      arms.map((a) => a.visitors),
      weights,
    ).ok
  )
    return null;
  const chances = chanceToBeBest(arms);
  const best = chances.indexOf(Math.max(...chances));
  return chances[best] >= rule.threshold ? best : null;
}
