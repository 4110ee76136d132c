import jStat from "jstat";
import { describe, expect, it } from "vitest";
import { NETWORK_CONVERSIONS_PER_TEST, NETWORK_VISITORS_PER_TEST } from "../parked-pages/track-visitors";
import type { Arm } from "./split-test-stats";
import {
  chanceToBeBest,
  DEFAULT_STOPPING_RULE,
  rateInterval,
  sampleRatioCheck,
  TOP_NETWORKS,
  trafficOf,
  winnerOf,
} from "./split-test-stats";

/** A seeded generator (mulberry32), so that each simulation is the same on every run. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** P(B beats A) for Beta posteriors in closed form (a sum over B's successes). */
function exactChanceBBeatsA(a: Arm, b: Arm): number {
  const [aA, bA, aB, bB] = [
    1 + a.conversions,
    1 + a.visitors - a.conversions,
    1 + b.conversions,
    1 + b.visitors - b.conversions,
  ];
  let total = 0;
  for (let i = 0; i < aB; i++) {
    total += Math.exp(
      jStat.betaln(aA + i, bA + bB) - Math.log(bB + i) - jStat.betaln(1 + i, bB) - jStat.betaln(aA, bA),
    );
  }
  return total;
}

interface Simulation {
  rates: number[];
  runs: number;
  days: number;
  visitorsPerDay: number;
  seed: number;
}

/** Carrier and office gateways: a tenth of visitors come through 50 shared networks. */
const SHARED_NETWORKS = 50;
const SHARED_SHARE = 0.1;
/** Everyone else comes from one of this many home networks. */
const HOME_NETWORKS = 1 << 20;

/**
 * The visitors of the busiest `TOP_NETWORKS` networks, from how many networks have each count
 * (no network counts more than `NETWORK_VISITORS_PER_TEST`, so the tally is short).
 */
function topOf(networksWith: number[]): number {
  let left = TOP_NETWORKS;
  let sum = 0;
  for (let count = networksWith.length - 1; count > 0 && left > 0; count--) {
    const taken = Math.min(left, networksWith[count]);
    sum += taken * count;
    left -= taken;
  }
  return sum;
}

/**
 * Runs split tests day by day: each day's visitors arrive from a network (a tenth through shared
 * gateways), are split evenly at random and convert at their variant's true rate, and are counted
 * as the server counts them: at most `NETWORK_VISITORS_PER_TEST` visitors and
 * `NETWORK_CONVERSIONS_PER_TEST` conversions per network. The stopping rule, concentration
 * included, is checked after every day (an owner peeking daily). Answers which variant each run
 * declared the winner (null: none in the time) and when.
 */
function simulate(sim: Simulation) {
  const random = seeded(sim.seed);
  const outcomes: { winner: number | null; day: number }[] = [];
  const weights = sim.rates.map(() => 1);
  for (let run = 0; run < sim.runs; run++) {
    const arms = sim.rates.map(() => ({ visitors: 0, conversions: 0 }));
    const visitorsOf = new Map<number, number>();
    const conversionsOf = new Map<number, number>();
    const networksWith = new Array<number>(NETWORK_VISITORS_PER_TEST + 1).fill(0);
    let outcome = { winner: null as number | null, day: sim.days };
    for (let day = 1; day <= sim.days; day++) {
      for (let v = 0; v < sim.visitorsPerDay; v++) {
        const network =
          random() < SHARED_SHARE
            ? Math.floor(random() * SHARED_NETWORKS)
            : SHARED_NETWORKS + Math.floor(random() * HOME_NETWORKS);
        const i = Math.floor(random() * arms.length);
        const converts = random() < sim.rates[i];
        const seen = visitorsOf.get(network) ?? 0;
        if (seen >= NETWORK_VISITORS_PER_TEST) continue;
        visitorsOf.set(network, seen + 1);
        networksWith[seen]--;
        networksWith[seen + 1]++;
        arms[i].visitors++;
        if (converts && (conversionsOf.get(network) ?? 0) < NETWORK_CONVERSIONS_PER_TEST) {
          conversionsOf.set(network, (conversionsOf.get(network) ?? 0) + 1);
          arms[i].conversions++;
        }
      }
      if (arms.some((arm) => arm.visitors < DEFAULT_STOPPING_RULE.minVisitors)) continue;
      const visitors = arms.reduce((sum, arm) => sum + arm.visitors, 0);
      const traffic = trafficOf({ networks: visitorsOf.size, visitors, topVisitors: topOf(networksWith) });
      const winner = winnerOf(arms, weights, DEFAULT_STOPPING_RULE, traffic);
      if (winner !== null) {
        outcome = { winner, day };
        break;
      }
    }
    outcomes.push(outcome);
  }
  return outcomes;
}

describe("chance to be best", () => {
  it("matches the closed form for two variants", () => {
    const cases: [Arm, Arm][] = [
      [
        { visitors: 100, conversions: 10 },
        { visitors: 100, conversions: 15 },
      ],
      [
        { visitors: 1000, conversions: 50 },
        { visitors: 1000, conversions: 62 },
      ],
      [
        { visitors: 5000, conversions: 260 },
        { visitors: 5200, conversions: 250 },
      ],
      [
        { visitors: 0, conversions: 0 },
        { visitors: 20, conversions: 1 },
      ],
    ];
    for (const [a, b] of cases) {
      const [pa, pb] = chanceToBeBest([a, b]);
      expect(pb).toBeCloseTo(exactChanceBBeatsA(a, b), 4);
      expect(pa + pb).toBeCloseTo(1, 10);
    }
  });

  it("shares the chance equally among identical variants and sums to one", () => {
    const same = { visitors: 800, conversions: 40 };
    for (const chances of [chanceToBeBest([same, same, same]), chanceToBeBest([same, same, same, same])]) {
      for (const c of chances) expect(c).toBeCloseTo(1 / chances.length, 4);
    }
    const mixed = chanceToBeBest([
      { visitors: 900, conversions: 40 },
      { visitors: 900, conversions: 60 },
      { visitors: 900, conversions: 45 },
    ]);
    expect(mixed.reduce((s, c) => s + c, 0)).toBeCloseTo(1, 10);
    expect(mixed[1]).toBeGreaterThan(0.9);
  });

  it("gives a 95% interval (Jeffreys) around the observed rate that narrows with more visitors", () => {
    const [lo, hi] = rateInterval({ visitors: 1000, conversions: 50 });
    const [wideLo, wideHi] = rateInterval({ visitors: 100, conversions: 5 });
    expect(lo).toBeLessThan(0.05);
    expect(hi).toBeGreaterThan(0.05);
    expect(hi - lo).toBeLessThan(wideHi - wideLo);
    // Jeffreys' interval for 50 in 1,000 (Brown, Cai and DasGupta 2001).
    expect(lo).toBeCloseTo(0.0378, 4);
    expect(hi).toBeCloseTo(0.0648, 4);
  });

  it("always holds the observed rate, from 0 with no conversions and to 1 when every visitor converted", () => {
    expect(rateInterval({ visitors: 36, conversions: 0 })[0]).toBe(0);
    expect(rateInterval({ visitors: 24, conversions: 24 })[1]).toBe(1);
    expect(rateInterval({ visitors: 0, conversions: 0 })).toEqual([0, 1]);
  });
});

describe("sample-ratio mismatch", () => {
  it("gives the chi-square p-value of the split and warns only when it is broken", () => {
    expect(sampleRatioCheck([60, 40], [1, 1]).pValue).toBeCloseTo(0.0455, 4);
    expect(sampleRatioCheck([5000, 5040], [1, 1]).ok).toBe(true);
    expect(sampleRatioCheck([5000, 5400], [1, 1]).ok).toBe(false);
    expect(sampleRatioCheck([7500, 2500], [3, 1]).ok).toBe(true);
    expect(sampleRatioCheck([0, 0], [1, 1])).toEqual({ pValue: 1, ok: true });
  });

  it("a broken split never declares a winner", () => {
    expect(
      winnerOf(
        [
          { visitors: 5000, conversions: 250 },
          { visitors: 6000, conversions: 500 },
        ],
        [1, 1],
      ),
    ).toBeNull();
    expect(
      winnerOf(
        [
          { visitors: 5500, conversions: 250 },
          { visitors: 5500, conversions: 500 },
        ],
        [1, 1],
      ),
    ).toBe(1);
  });
});

// Thousands of simulated tests: longer than a unit test's usual time.
describe("the stopping rule, checked every day", { timeout: 120_000 }, () => {
  it("A/A: identical variants are declared different in at most 5% of tests", () => {
    const aa = simulate({ rates: [0.05, 0.05], runs: 400, days: 30, visitorsPerDay: 400, seed: 7 });
    const falseWinners = aa.filter((o) => o.winner !== null).length / aa.length;
    console.info(
      `A/A, 2 variants, 400 visitors a day, 400 tests x 30 daily looks: false-winner rate ${(falseWinners * 100).toFixed(1)}%`,
    );
    expect(falseWinners).toBeLessThanOrEqual(0.05);

    const aaaa = simulate({
      rates: [0.05, 0.05, 0.05, 0.05],
      runs: 200,
      days: 30,
      visitorsPerDay: 800,
      seed: 11,
    });
    const falseWinners4 = aaaa.filter((o) => o.winner !== null).length / aaaa.length;
    console.info(
      `A/A/A/A, 4 variants, 800 visitors a day, 200 tests x 30 daily looks: false-winner rate ${(falseWinners4 * 100).toFixed(1)}%`,
    );
    expect(falseWinners4).toBeLessThanOrEqual(0.05);
  });

  it("concentrated traffic (most visitors from ten networks) never declares a winner, however clear", () => {
    const arms = [
      { visitors: 60, conversions: 0 },
      { visitors: 60, conversions: 40 },
    ];
    const rule = { threshold: 0.95, minVisitors: 50 };
    expect(winnerOf(arms, [1, 1], rule)).toBe(1);
    const traffic = trafficOf({ networks: 12, visitors: 120, topVisitors: 100 });
    expect(traffic).toEqual({ networks: 12, topVisitorShare: 100 / 120, concentrated: true });
    expect(winnerOf(arms, [1, 1], rule, traffic)).toBeNull();
    expect(trafficOf({ networks: 1000, visitors: 1200, topVisitors: 100 }).concentrated).toBe(false);
  });

  it("steering a tied test takes a network per conversion: this many move a winner", () => {
    // 600 people per variant converting at 5%; each attacking network adds a visitor and a
    // conversion to B (its views beyond are not counted, its clicks beyond convert nobody).
    let networks = 0;
    while (
      winnerOf(
        [
          { visitors: 600, conversions: 30 },
          { visitors: 600 + networks, conversions: 30 + networks },
        ],
        [1, 1],
      ) === null
    )
      networks++;
    console.info(`a tied test of 1,200 people at 5%: ${networks} networks move the winner to B`);
    expect(networks).toBeGreaterThan(20);
  });

  it("A/B: a 30% lift (5% to 6.5%) is found, and the worse variant almost never wins", () => {
    const ab = simulate({ rates: [0.05, 0.065], runs: 200, days: 30, visitorsPerDay: 500, seed: 13 });
    const right = ab.filter((o) => o.winner === 1).length / ab.length;
    const wrong = ab.filter((o) => o.winner === 0).length / ab.length;
    const days = ab
      .filter((o) => o.winner === 1)
      .map((o) => o.day)
      .sort((x, y) => x - y);
    console.info(
      `A/B, +30% lift, 500 visitors a day, 200 tests: winner found in ${(right * 100).toFixed(1)}%, wrong winner ${(wrong * 100).toFixed(1)}%, median ${days[Math.floor(days.length / 2)]} days`,
    );
    expect(right).toBeGreaterThanOrEqual(0.8);
    expect(wrong).toBeLessThanOrEqual(0.01);
    expect(DEFAULT_STOPPING_RULE.threshold).toBeGreaterThanOrEqual(0.95);
  });
});
