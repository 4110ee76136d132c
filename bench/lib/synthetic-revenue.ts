/**
 * Synthetic revenue with a known shape, the same on every run (seeded): what the forecast's
 * intervals are measured on besides the demo's history.
 */

/** Seeded standard normal draws (Box–Muller over a linear congruential generator). */
export function normalNoise(seed: number): () => number {
  let s = seed;
  const uniform = () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648 || 1e-9;
  };
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

const WEEK = [1, 1.05, 1.1, 1.05, 1, 0.8, 0.75];

/** Daily revenue: $300 a day rising 0.2% a day, a weekly pattern, noise and a $75 lead on about one day in ten. */
export function syntheticDaily(days: number, seed = 7): number[] {
  const n = normalNoise(seed);
  return Array.from(
    { length: days },
    (_, t) => 300 * (1 + 0.002 * t) * WEEK[t % 7] + 30 * n() + (n() > 1.28 ? 75 : 0),
  );
}

const YEAR = [0, 25, 60, 80, 70, 40, 10, -20, -45, -50, -30, -10];

/** Monthly revenue: $500 rising $4 a month, a yearly pattern and noise. */
export function syntheticMonthly(months: number, seed = 11): number[] {
  const n = normalNoise(seed);
  return Array.from({ length: months }, (_, t) => 500 + 4 * t + YEAR[t % 12] + 15 * n());
}
