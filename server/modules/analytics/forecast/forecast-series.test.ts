import { describe, expect, it } from "vitest";
import {
  syntheticDaily as dailyRevenue,
  normalNoise as noise,
  syntheticMonthly,
} from "../../../../bench/lib/synthetic-revenue";
import { daysBetween } from "../reports/daily-revenue";
import { forecastMonths } from "../reports/forecast-months";
import { PORTFOLIO_BACKTEST } from "../reports/forecast-report";
import { calibrate, conformalQuantile } from "./conformal";
import { backtest, forecastSeries, minHistory, withoutOneOffs } from "./forecast-series";

/** Trend plus a fixed yearly pattern: every value differs from the one a year before by exactly 12 × 4. */
const SHAPE = [0, 25, 60, 80, 70, 40, 10, -20, -45, -50, -30, -10];
const seasonal = (months: number) => Array.from({ length: months }, (_, t) => 500 + 4 * t + SHAPE[t % 12]);

describe("conformal intervals", () => {
  it("read the ⌈(n+1)·L⌉-th smallest error, and the largest when there are too few", () => {
    const errors = Array.from({ length: 19 }, (_, i) => i + 1);
    expect(conformalQuantile(errors, 0.8)).toBe(16);
    expect(conformalQuantile(errors, 0.95)).toBe(19);
    expect(conformalQuantile([3, 1, 2], 0.95)).toBe(3);
  });

  it("cover about what they promise on exchangeable errors, measured only with errors known before", () => {
    const n = noise(3);
    const checks = Array.from({ length: 800 }, (_, t) => ({
      origin: t,
      knownAfter: t + 1,
      forecast: 0,
      actual: 10 * n(),
    }));
    for (const nominal of [0.8, 0.95]) {
      const result = calibrate(checks, nominal);
      expect(result.tested).toBe(800 - 20);
      expect(Math.abs((result.coverage ?? 0) - nominal)).toBeLessThan(0.04);
    }
  });
});

describe("the rolling-origin backtest", () => {
  it("scores seasonal-naive at exactly 1.0 on a trend-plus-season series, and the model beats it and naive", () => {
    const { backtest: result } = backtest(seasonal(48), { season: 12, horizon: 6 });

    expect(result.seasonalNaiveMase).toBeCloseTo(1, 10);
    expect(result.mase).toBeLessThan(0.5);
    expect(result.naiveMase).toBeGreaterThan(1);
    expect(result.origins).toBe(24);
  });

  // A monthly backtest checks a few hundred forecasts, the earliest from models fitted on two
  // years only: the level adapts fast enough that its 80% intervals still cover what they promise.
  it("on a noisy monthly series, beats both baselines and its 80% intervals cover 75–85%", () => {
    const { backtest: result } = backtest(syntheticMonthly(60), { season: 12, horizon: 12, origins: 36 });

    expect(result.mase).toBeLessThan(result.seasonalNaiveMase);
    expect(result.mase).toBeLessThan(result.naiveMase);
    expect(result.coverage80).toBeGreaterThanOrEqual(0.75);
    expect(result.coverage80).toBeLessThanOrEqual(0.85);
    expect(result.coverage95).toBeGreaterThanOrEqual(0.9);
  });

  it("on daily revenue with a weekly pattern, its intervals cover within 5 points of nominal", () => {
    const { backtest: result } = backtest(dailyRevenue(120), {
      season: 7,
      horizon: 28,
      ...PORTFOLIO_BACKTEST,
    });

    expect(result.tested).toBeGreaterThan(500);
    expect(result.coverage80).toBeGreaterThanOrEqual(0.75);
    expect(result.coverage80).toBeLessThanOrEqual(0.85);
    expect(result.coverage95).toBeGreaterThanOrEqual(0.9);
    expect(result.coverage95).toBeLessThanOrEqual(1);
  });
});

describe("forecastSeries", () => {
  it("forecasts the steps asked for, each with nested 80% and 95% intervals never below zero", () => {
    const n = noise(5);
    const y = seasonal(36).map((v) => v + 8 * n());

    const result = forecastSeries(y, { season: 12, horizon: 12, measure: 12 });

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
    expect(forecastSeries(seasonal(26), { season: 12, horizon: 6, measure: 12 })).toBeNull();
    expect(forecastSeries(seasonal(27), { season: 12, horizon: 6, measure: 12 })).not.toBeNull();
  });

  it("does not turn a one-off day into a weekly pattern", () => {
    const y = dailyRevenue(63);
    y[40] += 2500;
    const cleaned = withoutOneOffs(y, 7);
    expect(cleaned[40]).toBeLessThan(700);
    expect(cleaned.filter((v, t) => v !== y[t])).toHaveLength(1);
  });
});

describe("a daily model added up to months", () => {
  it("forecasts 12 months from 90 days, the current month counting the days already earned", () => {
    const days = daysBetween("2026-08-30", "2026-11-27");
    const values = dailyRevenue(days.length);

    const result = forecastMonths({
      model: "daily",
      monthly: { months: [], values: [] },
      daily: { days, values },
      today: "2026-11-28",
      horizonMonths: 12,
      ...PORTFOLIO_BACKTEST,
    });

    expect(result?.model).toBe("daily");
    expect(result?.months.map((m) => m.month)).toEqual([
      "2026-11",
      "2026-12",
      "2027-01",
      "2027-02",
      "2027-03",
      "2027-04",
      "2027-05",
      "2027-06",
      "2027-07",
      "2027-08",
      "2027-09",
      "2027-10",
    ]);
    const earned = values.slice(days.indexOf("2026-11-01")).reduce((a, b) => a + b, 0);
    const [november, december] = result?.months ?? [];
    expect(november.lower95).toBeGreaterThanOrEqual(earned);
    // Three days to come in November, a whole month in December: December's band is wider.
    expect(december.upper80 - december.lower80).toBeGreaterThan(november.upper80 - november.lower80);
    for (const m of result?.months ?? []) {
      expect(m.lower95).toBeLessThanOrEqual(m.lower80);
      expect(m.lower80).toBeLessThanOrEqual(m.value);
      expect(m.value).toBeLessThanOrEqual(m.upper80);
      expect(m.upper80).toBeLessThanOrEqual(m.upper95);
    }
    expect(result?.backtest.mase).toBeLessThan(result?.backtest.naiveMase ?? 0);
    expect(result?.totals?.calibratedOn).toBeGreaterThan(20);
  });
});
