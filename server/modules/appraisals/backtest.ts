import { type Market, type MarketEntry, prepareMarket } from "./market";
import { appraise } from "./valuation";

/** Below this many closed sales the backtest says too little to publish. */
export const MIN_BACKTEST_SALES = 20;

export interface Backtest {
  /** Closed sales appraised. */
  sales: number;
  /** True when there are enough sales for the figures to mean something. */
  enough: boolean;
  /** Share of appraisals within 2× of the sale price (0 to 1), or null without sales. */
  withinTwoX: number | null;
  /** Median |ln(appraisal ÷ price)|, or null without sales. */
  medianAbsLogRatio: number | null;
  /** Geometric mean of appraisal ÷ price: above 1 the engine runs high. */
  meanRatio: number | null;
}

/**
 * Leave-one-out: each closed sale is appraised as if it had not happened (without its own price
 * in the price level or among the comparables), and the appraisal compared with what it sold for.
 */
export function backtest(market: Market | readonly MarketEntry[]): Backtest {
  const prepared = Array.isArray(market) ? prepareMarket(market as MarketEntry[]) : (market as Market);
  const logs: number[] = [];
  for (const sale of prepared.sales) {
    const residual = Math.log10(sale.price) - sale.nameLog10;
    const { value } = appraise({ name: sale.name, market: prepared, exclude: { name: sale.name, residual } });
    logs.push(Math.log(value / sale.price));
  }
  const n = logs.length;
  if (n === 0) return { sales: 0, enough: false, withinTwoX: null, medianAbsLogRatio: null, meanRatio: null };
  const abs = logs.map(Math.abs).sort((a, b) => a - b);
  const mid = Math.floor(n / 2);
  return {
    sales: n,
    enough: n >= MIN_BACKTEST_SALES,
    withinTwoX: abs.filter((x) => x <= Math.LN2).length / n,
    medianAbsLogRatio: n % 2 ? abs[mid] : (abs[mid - 1] + abs[mid]) / 2,
    meanRatio: Math.exp(logs.reduce((s, x) => s + x, 0) / n),
  };
}
