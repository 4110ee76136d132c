import type { TAppraisalAccuracy, TEstimate } from "../../../shared/api/appraisals";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import { normalizeDomainName } from "../../lib/domain-name";
import { type Backtest, MIN_BACKTEST_SALES } from "./backtest";
import type { EarningsHistory } from "./earnings";
import type { Market } from "./market";
import { accuracySnapshot, knownAccuracy, marketSnapshot } from "./market-data";
import { appraise, type MeasuredAccuracy, type Valuation } from "./valuation";

const cents = (dollars: number) => dollars.toFixed(2);

export function accuracyOf(b: Backtest): TAppraisalAccuracy {
  return {
    sales: b.sales,
    enough: b.enough,
    minimumSales: MIN_BACKTEST_SALES,
    withinTwoX: b.enough ? b.withinTwoX : null,
    medianAbsLogRatio: b.enough ? b.medianAbsLogRatio : null,
    meanRatio: b.enough ? b.meanRatio : null,
  };
}

/** What the range is widened to: the error the engine has shown on the platform's sales. */
const measured = (b: Backtest): MeasuredAccuracy | null =>
  b.enough && b.medianAbsLogRatio !== null
    ? { medianAbsLog10: b.medianAbsLogRatio / Math.LN10, sales: b.sales }
    : null;

/**
 * Appraises a name against the platform's market, with its earnings when it has any. With
 * `measure`, the engine's accuracy on the market is measured first (a report); without, the
 * last measurement is used if there is one (the free estimate).
 */
export async function appraiseAgainstMarket(
  db: Db,
  input: { name: string; earnings?: EarningsHistory | null; measure?: boolean },
): Promise<{ valuation: Valuation; accuracy: TAppraisalAccuracy | null; market: Market }> {
  const { market } = await marketSnapshot(db);
  const tested = input.measure ? await accuracySnapshot(db) : knownAccuracy(db);
  const valuation = appraise({
    name: input.name,
    market,
    earnings: input.earnings,
    accuracy: tested ? measured(tested) : null,
  });
  return { valuation, accuracy: tested ? accuracyOf(tested) : null, market };
}

/** The free estimate of a name someone typed (a domain being added or listed). */
export async function estimateName(db: Db, typed: string): Promise<TEstimate> {
  const checked = normalizeDomainName(typed);
  if (!checked.ok) throw new AppError("UNPROCESSABLE", checked.reason);
  const { valuation } = await appraiseAgainstMarket(db, { name: checked.name });
  return {
    name: valuation.name,
    value: cents(valuation.value),
    range: { low: cents(valuation.range.low), high: cents(valuation.range.high) },
    confidence: valuation.confidence,
  };
}
