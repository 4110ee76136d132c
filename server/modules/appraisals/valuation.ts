import { type Comparable, comparableWeight, findComparables } from "./comparables";
import { type EarningsHistory, earningsMultiple, earningsValue } from "./earnings";
import { type Market, medianOf } from "./market";
import { type NameFeatures, nameFeatures } from "./name-features";
import { type Factor, NAME_VALUE_FLOOR, nameFactors, nameLog10 } from "./name-value";

export type Confidence = "low" | "medium" | "high";

/** How far off the engine has been on the platform's sales (the backtest), when enough exist. */
export interface MeasuredAccuracy {
  /** Median |log10(appraisal ÷ price)|. */
  medianAbsLog10: number;
  sales: number;
}

export interface Valuation {
  name: string;
  /** Dollars, whole. */
  value: number;
  range: { low: number; high: number };
  confidence: Confidence;
  /** Each line a buyer can read: what moved the value and by how much. */
  reasons: string[];
  features: NameFeatures;
  factors: Factor[];
  /** The name's value from its features alone, then at the platform's price level (dollars). */
  nameValue: { model: number; market: number };
  /** The platform's closed sales the price level rests on, and its factor against the model. */
  priceLevel: { sales: number; factor: number };
  comparables: Comparable[];
  earnings: (EarningsHistory & { multiple: number; value: number }) | null;
}

/** Sales it takes before the platform's own price level is trusted half. */
const PRICE_LEVEL_SHRINK = 10;
/** The most weight comparables together get against the name's own value (which has 1). */
const MAX_COMPARABLE_WEIGHT = 3;
/** Half the width of the range (log10) without measured accuracy: ×2.2 either way. */
const DEFAULT_SPREAD = 0.35;

/** A round figure a person would say: two significant digits, down or up when asked. */
export function roundNice(value: number, mode: "nearest" | "down" | "up" = "nearest"): number {
  if (value < 10) return mode === "up" ? Math.ceil(value) : Math.max(1, Math.floor(value));
  const step = 10 ** (Math.floor(Math.log10(value)) - 1);
  const fn = mode === "down" ? Math.floor : mode === "up" ? Math.ceil : Math.round;
  return fn(value / step) * step;
}

const effect = (log10: number) => {
  const factor = 10 ** log10;
  return factor >= 1
    ? `×${factor.toFixed(factor >= 10 ? 0 : 1)}`
    : `÷${(1 / factor).toFixed(1 / factor >= 10 ? 0 : 1)}`;
};
const usd = (n: number) => `$${Math.round(n).toLocaleString("en-US")}`;

/**
 * Appraises a name: its features give a value (the factors), the platform's closed sales set the
 * price level, the closest sales and listings pull it towards what alike names fetched, and the
 * domain's own earnings (a multiple of its average month) add what a buyer pays for income.
 * `exclude` leaves a name out of the market (the backtest appraises each sale without itself).
 */
export function appraise(input: {
  name: string;
  market: Market;
  earnings?: EarningsHistory | null;
  accuracy?: MeasuredAccuracy | null;
  exclude?: { name: string; residual: number };
}): Valuation {
  const { market } = input;
  const features = nameFeatures(input.name);
  const factors = nameFactors(features);
  const modelLog = nameLog10(features);

  const excluded = input.exclude;
  const sales = market.sales.length - (excluded ? 1 : 0);
  const median = medianOf(market.residuals, excluded?.residual) ?? 0;
  const levelLog = sales > 0 ? median * (sales / (sales + PRICE_LEVEL_SHRINK)) : 0;
  const marketLog = modelLog + levelLog;

  const comparables = findComparables(features, marketLog, market, excluded?.name);
  const weight = Math.min(
    MAX_COMPARABLE_WEIGHT,
    2 * comparables.reduce((s, c) => s + comparableWeight(c), 0),
  );
  const compsLog =
    comparables.length === 0
      ? marketLog
      : comparables.reduce((s, c) => s + comparableWeight(c) * Math.log10(c.adjusted), 0) /
        comparables.reduce((s, c) => s + comparableWeight(c), 0);
  const nameValue = Math.max(NAME_VALUE_FLOOR, 10 ** ((marketLog + weight * compsLog) / (1 + weight)));

  const earnedValue = earningsValue(input.earnings ?? null);
  const raw = Math.max(nameValue, earnedValue) + 0.5 * Math.min(nameValue, earnedValue);

  const months = input.earnings?.months ?? 0;
  const spread = input.accuracy
    ? Math.max(0.12, Math.min(0.6, input.accuracy.medianAbsLog10 * 1.5))
    : DEFAULT_SPREAD - 0.1 * Math.min(1, weight) - (earnedValue > nameValue && months >= 6 ? 0.1 : 0);
  const value = roundNice(raw);
  const range = {
    low: roundNice(Math.max(1, raw / 10 ** spread), "down"),
    high: roundNice(raw * 10 ** spread, "up"),
  };
  range.low = Math.min(range.low, value);
  range.high = Math.max(range.high, value);

  const evidence = (weight >= 1 ? 1 : 0) + (sales >= 20 ? 1 : 0) + (months >= 6 && earnedValue > 0 ? 1 : 0);
  const confidence: Confidence =
    evidence >= 2 ? "high" : evidence === 1 || comparables.length > 0 ? "medium" : "low";

  const reasons = factors
    .filter((f) => Math.abs(f.log10) >= 0.05)
    .map((f) => `${f.text} (${effect(f.log10)})`);
  if (sales > 0 && Math.abs(levelLog) >= 0.05)
    reasons.push(
      `Names sold on ParkPilot closed at about ${effect(levelLog)} what their features alone suggest (${sales} sale${sales === 1 ? "" : "s"})`,
    );
  if (comparables.length > 0) {
    const closest = comparables[0];
    reasons.push(
      `${comparables.length} comparable name${comparables.length === 1 ? "" : "s"} on ParkPilot; the closest, ${closest.name}, ${closest.kind === "sale" ? "sold for" : "is listed at"} ${usd(closest.price)}`,
    );
  }
  const earnings =
    input.earnings && earnedValue > 0
      ? { ...input.earnings, multiple: earningsMultiple(input.earnings.months), value: earnedValue }
      : null;
  if (earnings)
    reasons.push(
      `Earns ${usd(earnings.averageMonthly)} a month on average over ${earnings.months} month${earnings.months === 1 ? "" : "s"}: at ${earnings.multiple}× monthly earnings, ${usd(earnings.value)}`,
    );
  else if (input.earnings !== undefined) reasons.push("Earns nothing yet: the value is the name's alone");

  return {
    name: features.name,
    value,
    range,
    confidence,
    reasons,
    features,
    factors,
    nameValue: { model: 10 ** modelLog, market: nameValue },
    priceLevel: { sales, factor: 10 ** levelLog },
    comparables,
    earnings,
  };
}
