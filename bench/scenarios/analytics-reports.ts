import { sql } from "drizzle-orm";
import { openDatabase } from "../../server/db/pool";
import { seedDemo } from "../../server/demo/seed";
import { REPORT_BUILDERS } from "../../server/jobs/report-builders";
import { parseConfig } from "../../server/lib/config";
import { backtest } from "../../server/modules/analytics/forecast/forecast-series";
import { DAILY_MEASURE } from "../../server/modules/analytics/reports/forecast-months";
import { PORTFOLIO_BACKTEST } from "../../server/modules/analytics/reports/forecast-report";
import type { TReportKind } from "../../shared/api/reports";
import type { Report } from "../../shared/schema";
import type { Figures, Scenario } from "../lib/context";
import { syntheticDaily, syntheticMonthly } from "../lib/synthetic-revenue";

const DOMAINS = 5_000;
const EVENTS = 600_000;
const DAYS = 730;
const REPORT_DAYS = 30;
const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * Analytics reports on a 5,000-domain account with two years of revenue (600,000 events) and 30
 * days of parking reports: the build time of each kind (goal ≤ 10 s); and the forecast's backtest
 * and measured interval coverage on the demo account's history (90 days: the daily model, 28 days
 * ahead) and on synthetic daily and monthly series (goal: 80% intervals cover 75–85%).
 */
const scenario: Scenario = {
  name: "analytics-reports",
  async run(ctx) {
    const database = await ctx.freshDatabase();
    const app = await ctx.startApp({ databaseUrl: database.url });
    const opened = await openDatabase({ databaseUrl: database.url, pgliteDir: "memory://" });
    const { db, pool } = opened;
    try {
      const owner = await ctx.signUp(app.baseUrl);
      const seedStarted = performance.now();
      await pool.query(
        `insert into domains (user_id, name, verified_at, verified_by)
         select $1, 'rb-' || i || case when i % 3 = 0 then '.net' else '.com' end, now(), 'txt'
         from generate_series(1, $2::int) i`,
        [owner.userId, DOMAINS],
      );
      for (let part = 0; part < 4; part++) {
        const quarter = EVENTS / 4;
        await pool.query(
          `with d as (select array_agg(id order by name) as ids from domains where user_id = $1)
           insert into revenue_events (user_id, domain_id, type, amount, description, metadata, source_key, occurred_at)
           select $1, d.ids[1 + (i * 7) % $3::int], case when i % 10 < 8 then 'parking' else 'lead' end,
             case when i % 10 < 8 then ((i::bigint * 7919) % 400 / 100.0 + 0.5)::numeric(12,2) else 75.00 end,
             'Bench revenue', '{"automated": true}'::jsonb, 'rb-bench:' || i,
             now() - (i::double precision / $2::int) * interval '${DAYS} days'
           from d, generate_series($4::int, $5::int) i`,
          [owner.userId, EVENTS, DOMAINS, part * quarter + 1, (part + 1) * quarter],
        );
      }
      await pool.query(
        `insert into parking_reports (user_id, domain_id, network, day, visitors, clicks, revenue)
         select $1, d.id, 'sedo', current_date - k, 50 + (k * 13) % 200, 2 + k % 9, (1 + (k % 7))::numeric(12,2)
         from domains d, generate_series(0, $2::int - 1) k where d.user_id = $1`,
        [owner.userId, REPORT_DAYS],
      );
      await pool.query("vacuum analyze");
      const seedSeconds = round((performance.now() - seedStarted) / 1000, 1);

      const report = (kind: TReportKind, params: Record<string, unknown>) =>
        ({
          id: "00000000-0000-0000-0000-000000000000",
          userId: owner.userId,
          kind,
          params,
        }) as unknown as Report;
      const timed = async (kind: TReportKind, params: Record<string, unknown>) => {
        const started = performance.now();
        await REPORT_BUILDERS[kind]({ db, report: report(kind, params), progress: async () => undefined });
        return round((performance.now() - started) / 1000);
      };
      const competitors = Array.from({ length: 10 }, (_, i) => `rival-${i}-cars.com`);
      const figures: Figures = {
        domains: DOMAINS,
        "revenue events": EVENTS,
        "seed s": seedSeconds,
        "custom basic build s": await timed("custom", { tier: "basic" }),
        "custom enterprise build s": await timed("custom", { tier: "enterprise" }),
        "forecast 24 months build s": await timed("forecast", { period: "24" }),
        "competitive (10 names) build s": await timed("competitive", { competitors }),
        "goal build s": 10,
      };

      // The demo's history, as a fresh install seeds it.
      const config = parseConfig({ ...process.env, NODE_ENV: "test" });
      await seedDemo(db, { nameserverPool: config.nameserverPool });
      const { rows } = await db.execute<{ amount: string }>(sql`
        with demo as (select id, time_zone as tz from users where email = 'demo@example.com'),
        days as (
          select (b.bucket at time zone demo.tz)::date as day, sum(b.amount) as amount
          from revenue_buckets b join demo on b.user_id = demo.id
          where b.bucket < date_trunc('day', now() at time zone demo.tz) at time zone demo.tz
          group by 1
        )
        select round(amount, 2)::text as amount from days order by day
      `);
      const daily = rows.map((r) => Number(r.amount));
      // The report's daily model as it runs on the demo: 28 days ahead from every other day.
      const demo = backtest(daily, { season: 7, horizon: DAILY_MEASURE, ...PORTFOLIO_BACKTEST }).backtest;
      figures["demo days"] = daily.length;
      figures["demo 28-day MASE (model)"] = round(demo.mase, 3);
      figures["demo 28-day MASE (seasonal naive)"] = round(demo.seasonalNaiveMase, 3);
      figures["demo 28-day MASE (naive)"] = round(demo.naiveMase, 3);
      figures["demo forecasts tested"] = demo.tested;
      figures["demo coverage80"] = round(demo.coverage80 ?? Number.NaN, 3);
      figures["demo coverage95"] = round(demo.coverage95 ?? Number.NaN, 3);
      // Synthetic series of a known shape (bench/lib/synthetic-revenue.ts), daily and monthly.
      const days = backtest(syntheticDaily(120), {
        season: 7,
        horizon: DAILY_MEASURE,
        ...PORTFOLIO_BACKTEST,
      }).backtest;
      figures["synthetic daily coverage80"] = round(days.coverage80 ?? Number.NaN, 3);
      figures["synthetic daily coverage95"] = round(days.coverage95 ?? Number.NaN, 3);
      const months = backtest(syntheticMonthly(60), { season: 12, horizon: 12, origins: 36 }).backtest;
      figures["synthetic monthly coverage80"] = round(months.coverage80 ?? Number.NaN, 3);
      figures["synthetic monthly coverage95"] = round(months.coverage95 ?? Number.NaN, 3);
      figures["goal coverage80"] = "0.75–0.85";
      const { rows: demoUser } = await db.execute<{ id: string }>(
        sql`select id from users where email = 'demo@example.com'`,
      );
      const started = performance.now();
      await REPORT_BUILDERS.forecast({
        db,
        report: { ...report("forecast", { period: "12" }), userId: demoUser[0].id } as Report,
        progress: async () => undefined,
      });
      figures["demo forecast 12 months build s"] = round((performance.now() - started) / 1000);
      return figures;
    } finally {
      await opened.close();
      await app.stop();
      await database.drop();
    }
  },
};

export default scenario;
