import { PgDialect } from "drizzle-orm/pg-core";
import { SERVER_SESSION_OPTIONS } from "../../server/db/pool";
import { portfolioPnlQuery } from "../../server/modules/pnl/portfolio-pnl-query";
import { PNL_RANGES, type TPortfolioPnl } from "../../shared/api/pnl";
import type { Figures, Scenario } from "../lib/context";

const DOMAINS = 5_000;
const EVENTS = 1_000_000;
const DAYS = 365;
const PAID_ORDERS = 2_000;
const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * The portfolio P&L of one owner with 5,000 domains and 1,000,000 revenue events over a year
 * (70% parking, 25% leads, the rest sales and other income), purchase prices, renewal costs,
 * expiry dates and 2,000 paid services: each range's p50 and p99 at one client (the goal is a
 * p99 of 200 ms) and at four, the statement alone on the database, one domain's P&L and the CSV.
 */
const scenario: Scenario = {
  name: "pnl",
  async run(ctx) {
    const { app, pool, close } = await ctx.appOnFreshDatabase({
      pool: { max: 4, options: SERVER_SESSION_OPTIONS },
    });
    try {
      const owner = await ctx.signUp(app.baseUrl);
      const seedStarted = performance.now();
      await pool.query(
        `insert into domains (user_id, name, registration_date, expiry_date, purchase_price, renewal_cost)
         select $1, 'pnl-bench-' || i || '.com',
           now() - ((i * 37) % 1100) * interval '1 day',
           now() + ((i * 13) % 400 - 20) * interval '1 day',
           case when i % 5 < 3 then ((i * 7919) % 250000 / 100.0)::numeric(12,2) end,
           case when i % 10 < 9 then (8 + (i * 31) % 3000 / 100.0)::numeric(12,2) end
         from generate_series(1, $2::int) i`,
        [owner.userId, DOMAINS],
      );
      // A year of events in four statements (the statement triggers fold each into the rollups).
      const quarter = EVENTS / 4;
      for (let part = 0; part < 4; part++) {
        await pool.query(
          `with d as (select array_agg(id order by name) as ids from domains where user_id = $1)
           insert into revenue_events (user_id, domain_id, type, amount, description, metadata, source_key, occurred_at)
           select $1, d.ids[1 + (i * 7) % $3::int],
             case when i % 100 < 70 then 'parking' when i % 100 < 95 then 'lead'
                  when i % 100 < 96 then 'marketplace' else 'other' end,
             case when i % 100 between 70 and 94 then 75.00
                  when i % 100 = 95 then (500 + (i::bigint * 7919) % 500000 / 100.0)::numeric(12,2)
                  else ((i::bigint * 7919) % 5000 / 100.0)::numeric(12,2) end,
             'Bench revenue', '{"automated": true}'::jsonb, 'pnl-bench:' || i,
             now() - (i::double precision / $2::int) * interval '${DAYS} days'
           from d, generate_series($4::int, $5::int) i`,
          [owner.userId, EVENTS, DOMAINS, part * quarter + 1, (part + 1) * quarter],
        );
      }
      await pool.query(
        `with d as (select array_agg(id order by name) as ids from domains where user_id = $1)
         insert into service_orders (user_id, domain_id, offer_id, service_type, description, price, status, paid_at)
         select $1, d.ids[1 + (i * 11) % $3::int], 'appraisal', 'professional_appraisal', 'Bench appraisal', 99.99,
           case when i % 3 = 0 then 'pending' else 'paid' end,
           case when i % 3 = 0 then null else now() - (i % 500) * interval '1 day' end
         from d, generate_series(1, $2::int) i`,
        [owner.userId, Math.round(PAID_ORDERS * 1.5), DOMAINS],
      );
      await pool.query("vacuum analyze");
      const seedSeconds = round((performance.now() - seedStarted) / 1000, 1);
      const counts = await pool.query<{ events: number; months: number; days: number }>(
        `select (select count(*)::int from revenue_events where user_id = $1) as events,
           (select count(*)::int from domain_revenue_months where user_id = $1) as months,
           (select count(*)::int from domain_revenue_days where user_id = $1) as days`,
        [owner.userId],
      );
      if (counts.rows[0].events !== EVENTS) throw new Error(`seeded ${counts.rows[0].events} events`);

      const headers = { cookie: owner.cookie };
      const figures: Figures = {
        domains: DOMAINS,
        "revenue events": EVENTS,
        "month rollup rows": counts.rows[0].months,
        "day rollup rows": counts.rows[0].days,
        "seed s (generate_series + triggers)": seedSeconds,
      };
      for (const range of PNL_RANGES) {
        const url = `${app.baseUrl}/api/portfolio/pnl?range=${range}`;
        const first = await fetch(url, { headers });
        const body = await first.text();
        const answer = JSON.parse(body) as TPortfolioPnl;
        if (answer.rows.length !== DOMAINS) throw new Error(`${range}: ${answer.rows.length} rows`);
        const one = await ctx.load({ url, headers, connections: 1, durationSeconds: 10 });
        const four = await ctx.load({ url, headers, connections: 4, durationSeconds: 10 });
        figures[`portfolio ${range} answer KB`] = Math.round(body.length / 1024);
        figures[`portfolio ${range} p50 ms, 1 client`] = one.p50Ms;
        figures[`portfolio ${range} p99 ms, 1 client`] = one.p99Ms;
        figures[`portfolio ${range} p50 ms, 4 clients`] = four.p50Ms;
        figures[`portfolio ${range} p99 ms, 4 clients`] = four.p99Ms;
        figures[`portfolio ${range} req/s, 4 clients`] = four.reqPerSec;
        figures[`portfolio ${range} non-2xx`] = one.non2xx + four.non2xx;
      }

      // The statement of the default range alone on the database, one client like the API's.
      const dialect = new PgDialect();
      const client = await pool.connect();
      const rawSql = async () => {
        const query = dialect.sqlToQuery(
          portfolioPnlQuery({
            userId: owner.userId,
            range: "12m",
            sort: "net",
            order: "desc",
            now: new Date(),
          }),
        );
        await client.query(query.sql, query.params);
      };
      await ctx.time(rawSql, 5);
      const raw = await ctx.time(rawSql, 100);
      client.release();
      figures["portfolio 12m raw SQL p50 ms"] = raw.p50Ms;
      figures["portfolio 12m raw SQL p99 ms"] = raw.p99Ms;

      const { rows } = await pool.query<{ id: string }>(
        "select id from domains where user_id = $1 order by name limit 1",
        [owner.userId],
      );
      const domain = await ctx.load({
        url: `${app.baseUrl}/api/domains/${rows[0].id}/pnl?range=12m`,
        headers,
        connections: 1,
        durationSeconds: 5,
      });
      figures["one domain 12m p50 ms"] = domain.p50Ms;
      figures["one domain 12m p99 ms"] = domain.p99Ms;

      const exportStarted = performance.now();
      const csv = await (
        await fetch(`${app.baseUrl}/api/portfolio/pnl/export?range=12m`, { headers })
      ).text();
      figures["CSV export 12m ms"] = Math.round(performance.now() - exportStarted);
      figures["CSV export lines"] = csv.split("\r\n").length - 1;
      return figures;
    } finally {
      await close();
    }
  },
};

export default scenario;
