import { seedDemo } from "../../server/demo/seed";
import { parseConfig } from "../../server/lib/config";
import { backtest } from "../../server/modules/appraisals/backtest";
import { prepareMarket } from "../../server/modules/appraisals/market";
import { loadMarketEntries } from "../../server/modules/appraisals/market-data";
import { appraise } from "../../server/modules/appraisals/valuation";
import { wordData } from "../../server/modules/appraisals/word-data";
import { openTestDatabase } from "../../tests/setup/test-database";
import type { Scenario } from "../lib/context";
import { syntheticMarket } from "../lib/synthetic-sales";

const SALES = 2_000;
const LISTINGS = 1_000;
const ESTIMATES = 2_000;
const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * The appraisal engine: estimates per second against a market of 2,000 sales and 1,000 listings,
 * and the leave-one-out backtest (share within 2× of the price, median |ln(appraisal ÷ price)|,
 * number of sales) on the demo's sales and on the bench's synthetic sales (bench/lib/synthetic-sales.ts).
 */
const scenario: Scenario = {
  name: "appraisals",
  async run() {
    let started = performance.now();
    wordData();
    const wordDataLoadMs = performance.now() - started;

    const database = await openTestDatabase();
    let demo: ReturnType<typeof backtest>;
    try {
      await seedDemo(database.db, {
        nameserverPool: parseConfig({ ...process.env, NODE_ENV: "test" }).nameserverPool,
      });
      demo = backtest(await loadMarketEntries(database.db));
    } finally {
      await database.close();
    }

    const entries = syntheticMarket({ sales: SALES, listings: LISTINGS, sellers: 300 });
    started = performance.now();
    const market = prepareMarket(entries);
    const prepareMs = performance.now() - started;

    const names = entries.slice(0, ESTIMATES).map((e) => e.name.replace(/\./, "x."));
    started = performance.now();
    for (const name of names) appraise({ name, market });
    const estimateSeconds = (performance.now() - started) / 1000;

    started = performance.now();
    const bench = backtest(market);
    const backtestSeconds = (performance.now() - started) / 1000;

    return {
      wordDataLoadMs: Math.round(wordDataLoadMs),
      marketSales: SALES,
      marketListings: LISTINGS,
      prepareMarketMs: Math.round(prepareMs),
      estimatesPerSecond: Math.round(ESTIMATES / estimateSeconds),
      demoSales: demo.sales,
      demoEnough: demo.enough,
      demoWithinTwoX: demo.withinTwoX === null ? "n/a" : round(demo.withinTwoX),
      demoMedianAbsLogRatio: demo.medianAbsLogRatio === null ? "n/a" : round(demo.medianAbsLogRatio),
      benchSales: bench.sales,
      benchWithinTwoX: round(bench.withinTwoX ?? 0),
      benchMedianAbsLogRatio: round(bench.medianAbsLogRatio ?? 0),
      benchMeanRatio: round(bench.meanRatio ?? 0),
      backtestSeconds: round(backtestSeconds, 1),
    };
  },
};

export default scenario;
