import { describe, expect, it } from "vitest";
import {
  backtest,
  forecastSeries,
  minHistory,
} from "../../server/modules/analytics/forecast/forecast-series";

/** Trend plus a fixed yearly pattern: every value differs from the one a year before by exactly 12 × 4. */
const SHAPE = [0, 25, 60, 80, 70, 40, 10, -20, -45, -50, -30, -10];
const seasonal = (months: number) => Array.from({ length: months }, (_, t) => 500 + 4 * t + SHAPE[t % 12]);

/** A deterministic wobble, so the series is not exactly what the model assumes. */
const wobble = (t: number) => 6 * Math.sin(t * 2.3) + 4 * Math.cos(t * 0.7);

describe("the rolling-origin backtest", () => {
  it("scores seasonal-naive at exactly 1.0 on a trend-plus-season series, and the model beats it and naive", () => {
    const y = seasonal(48);

    const result = backtest(y, { season: 12, horizon: 6 });

    expect(result.seasonalNaiveMase).toBeCloseTo(1, 10);
    expect(result.mase).toBeLessThan(0.5);
    expect(result.naiveMase).toBeGreaterThan(1);
    expect(result.origins).toBe(6);
  });

  it("keeps the model ahead of both baselines with noise, and its 80% interval covers most outcomes", () => {
    const y = seasonal(60).map((v, t) => v + wobble(t));

    const result = backtest(y, { season: 12, horizon: 6 });

    expect(result.mase).toBeLessThan(result.seasonalNaiveMase);
    expect(result.mase).toBeLessThan(result.naiveMase);
    expect(result.coverage80).toBeGreaterThan(0.5);
    expect(result.coverage95).toBeGreaterThanOrEqual(result.coverage80);
  });
});

describe("forecastSeries", () => {
  it("forecasts the months asked for, each with nested 80% and 95% intervals never below zero", () => {
    const y = seasonal(36).map((v, t) => v + wobble(t));

    const result = forecastSeries(y, 12, 12);

    expect(result?.points).toHaveLength(12);
    for (const p of result?.points ?? []) {
      expect(p.lower95).toBeLessThanOrEqual(p.lower80);
      expect(p.lower80).toBeLessThanOrEqual(p.value);
      expect(p.value).toBeLessThanOrEqual(p.upper80);
      expect(p.upper80).toBeLessThanOrEqual(p.upper95);
      expect(p.lower95).toBeGreaterThanOrEqual(0);
    }
    // The next March (t = 36, SHAPE[0]) is lower than the next June (t = 39, SHAPE[3]).
    expect(result?.points[3].value).toBeGreaterThan(result?.points[0].value ?? 0);
  });

  it("answers null rather than a forecast when the history is too short to fit and test a season", () => {
    expect(minHistory(12)).toBe(27);
    expect(forecastSeries(seasonal(26), 12, 6)).toBeNull();
    expect(forecastSeries(seasonal(27), 12, 6)).not.toBeNull();
  });
});
