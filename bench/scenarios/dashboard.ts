import http from "node:http";
import { PgDialect } from "drizzle-orm/pg-core";
import { SERVER_SESSION_OPTIONS } from "../../server/db/pool";
import { dashboardQuery } from "../../server/modules/revenue/dashboard-query";
import type { Scenario } from "../lib/context";

const EVENTS = 1_000_000;
const DOMAINS = 1_000;
const DAYS = 365;
const REPORT_DAYS = 90;
const PAIRED_SAMPLES = 400;
const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * A GET over one kept-alive connection, as a browser tab sends it (fetch would add no-cache to a
 * conditional request, which a server must answer in full).
 */
function get(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; etag: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: keptAlive, headers: { "accept-encoding": "gzip", ...headers } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, etag: String(res.headers.etag ?? ""), bytes }),
        );
      })
      .on("error", reject);
  });
}

function percentiles(samples: number[]): { p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: round(at(0.5)), p99: round(at(0.99)) };
}

/**
 * The revenue dashboard of one owner with 1,000 domains and 1,000,000 revenue events over a
 * year (plus 90 days of network reports and traffic): the endpoint's p50 and p99 at 1 and 8
 * clients, the p99 of the very statement it runs measured straight on the database in the same
 * run, and the activity-feed poll (a conditional GET answered 304) against raw node:http.
 */
const scenario: Scenario = {
  name: "dashboard",
  async run(ctx) {
    // The pool's sessions are set up as the app's are, so that the raw statement is timed as the app runs it.
    const { app, pool, close } = await ctx.appOnFreshDatabase({
      pool: { max: 8, options: SERVER_SESSION_OPTIONS },
    });
    try {
      const owner = await ctx.signUp(app.baseUrl);
      const seedStarted = performance.now();
      await pool.query(
        `insert into domains (user_id, name, status, ad_network)
         select $1, 'bench-' || i || '.com', case when i % 7 = 0 then 'parked' else 'active' end,
           (array['adsense','sedo','parkingcrew','namedrive','bodis'])[1 + i % 5]
         from generate_series(1, $2::int) i`,
        [owner.userId, DOMAINS],
      );
      // A year of events, about 2,740 a day: 40% parking, 50% leads, the rest affiliate,
      // marketplace and other; the statement triggers fold them into the quarter-hour buckets.
      await pool.query(
        `with d as (select array_agg(id order by name) as ids from domains where user_id = $1)
         insert into revenue_events (user_id, domain_id, type, amount, description, metadata, source_key, occurred_at)
         select $1,
           case when i % 100 < 90 then d.ids[1 + i % $3::int] end,
           case when i % 100 < 40 then 'parking' when i % 100 < 90 then 'lead'
                when i % 100 < 98 then 'affiliate' when i % 100 < 99 then 'marketplace' else 'other' end,
           case when i % 100 between 40 and 89 then 75.00 else ((i::bigint * 7919) % 5000 / 100.0)::numeric(12,2) end,
           'Bench revenue', '{"automated": true}'::jsonb, 'bench:' || i,
           now() - (i::double precision / $2::int) * interval '${DAYS} days'
         from d, generate_series(1, $2::int) i`,
        [owner.userId, EVENTS, DOMAINS],
      );
      await pool.query(
        `insert into parking_reports (user_id, domain_id, network, day, visitors, clicks, revenue)
         select d.user_id, d.id, d.ad_network, current_date - g, 100 + (g * 13 + length(d.name)) % 400,
           3 + g % 7, ((g * 31 + length(d.name) * 17) % 2000 / 100.0)::numeric(12,2)
         from domains d, generate_series(0, $2::int - 1) g where d.user_id = $1`,
        [owner.userId, REPORT_DAYS],
      );
      await pool.query(
        `insert into domain_traffic (domain_id, user_id, day, visits, leads)
         select d.id, d.user_id, current_date - g, 20 + g % 11, g % 3
         from domains d, generate_series(0, $2::int - 1) g where d.user_id = $1`,
        [owner.userId, REPORT_DAYS],
      );
      await pool.query(
        `insert into affiliates (user_id, email, level, commission_rate, referral_code, is_active, total_commissions)
         select $1, 'partner' || i || '@example.com', 1 + i % 3, 5, 'bench-ref-' || i, i % 2 = 0, i * 3.5
         from generate_series(1, 50) i`,
        [owner.userId],
      );
      await pool.query(
        `insert into account_events (user_id, kind, description, created_at)
         select $1, 'domain_added', 'Added bench-' || i || '.com', now() - i * interval '1 hour'
         from generate_series(1, 500) i`,
        [owner.userId],
      );
      await pool.query("vacuum analyze");
      const seedSeconds = round((performance.now() - seedStarted) / 1000, 1);

      const buckets = await pool.query<{ rows: number; events: number }>(
        "select count(*)::int as rows, sum(events)::int as events from revenue_buckets where user_id = $1",
        [owner.userId],
      );
      if (buckets.rows[0].events !== EVENTS) throw new Error(`buckets hold ${buckets.rows[0].events} events`);

      const url = `${app.baseUrl}/api/revenue/dashboard`;
      const headers = { cookie: owner.cookie };
      const answer = (await (await fetch(url, { headers })).json()) as {
        hourlyRevenue: unknown[];
        metrics: { monthlyRevenue: string; activeDomains: number };
        topDomains: unknown[];
      };
      if (
        answer.hourlyRevenue.length !== 24 ||
        answer.metrics.activeDomains !== DOMAINS ||
        !answer.topDomains.length
      )
        throw new Error(`unexpected dashboard: ${JSON.stringify(answer.metrics)}`);

      // The statement the endpoint runs, timed on the database alone (one client, like the API's).
      const dialect = new PgDialect();
      const client = await pool.connect();
      const rawSql = async () => {
        const query = dialect.sqlToQuery(
          dashboardQuery({ userId: owner.userId, now: new Date(), range: "24h" }),
        );
        await client.query(query.sql, query.params);
      };
      await ctx.time(rawSql, 20);

      const api1 = await ctx.load({ url, headers, connections: 1, durationSeconds: 10 });
      // The ratio pairs each endpoint call with a run of its statement, one after the other, so
      // both sets of samples see the same machine: a shared machine's load swings by the minute.
      const apiSamples: number[] = [];
      const rawSamples: number[] = [];
      const revalidatedSamples: number[] = [];
      const apiCall = () => get(url, headers);
      // The same request when nothing changed, answered 304 from the account's version: what a
      // signed-in request costs besides its statement (HTTP, the session read, the version read).
      const first = await apiCall();
      const revalidate = async () => {
        const answer = await get(url, { ...headers, "if-none-match": first.etag });
        if (answer.status !== 304) throw new Error(`dashboard revalidation answered ${answer.status}`);
      };
      try {
        for (let i = 0; i < PAIRED_SAMPLES; i++) {
          let started = performance.now();
          await apiCall();
          apiSamples.push(performance.now() - started);
          started = performance.now();
          await rawSql();
          rawSamples.push(performance.now() - started);
          started = performance.now();
          await revalidate();
          revalidatedSamples.push(performance.now() - started);
        }
      } finally {
        client.release();
      }
      const api = percentiles(apiSamples);
      const raw = percentiles(rawSamples);
      const revalidated = percentiles(revalidatedSamples);
      const api8 = await ctx.load({ url, headers, connections: 8, durationSeconds: 10 });

      // The feed's poll, as the page sends it, when nothing changed: a conditional GET answered 304.
      const streamsUrl = `${app.baseUrl}/api/revenue/streams?limit=8`;
      const etag = (await fetch(streamsUrl, { headers })).headers.get("etag") ?? "";
      const poll = await ctx.load({
        url: streamsUrl,
        headers: { ...headers, "if-none-match": etag },
        connections: 16,
        durationSeconds: 8,
      });
      const dashboardEtag = (await fetch(url, { headers })).headers.get("etag") ?? "";
      const dashboardPoll = await ctx.load({
        url,
        headers: { ...headers, "if-none-match": dashboardEtag },
        connections: 16,
        durationSeconds: 8,
      });
      // The app's own floor on this machine: no database, no session, the same middleware stack.
      const health = await ctx.load({
        url: `${app.baseUrl}/api/health`,
        connections: 16,
        durationSeconds: 8,
      });
      const baseline = await ctx.baseline();

      return {
        "revenue events": EVENTS,
        domains: DOMAINS,
        "bucket rows (quarter hours × types)": buckets.rows[0].rows,
        "seed s (generate_series + triggers)": seedSeconds,
        "dashboard p50 ms, 1 client": api1.p50Ms,
        "dashboard p99 ms, 1 client": api1.p99Ms,
        "dashboard req/s, 1 client": api1.reqPerSec,
        "dashboard p50 ms, 8 clients": api8.p50Ms,
        "dashboard p99 ms, 8 clients": api8.p99Ms,
        "dashboard req/s, 8 clients": api8.reqPerSec,
        "dashboard non-2xx": api1.non2xx + api8.non2xx,
        "paired samples": PAIRED_SAMPLES,
        "paired: dashboard p50 ms": api.p50,
        "paired: dashboard p99 ms": api.p99,
        "paired: raw SQL p50 ms": raw.p50,
        "paired: raw SQL p99 ms": raw.p99,
        "paired: the same request answered 304 p50 ms": revalidated.p50,
        "paired: the same request answered 304 p99 ms": revalidated.p99,
        "paired: dashboard answer bytes (gzip)": first.bytes,
        "dashboard p99 / raw SQL p99 (goal ≤ 1.1)": round(api.p99 / raw.p99),
        "dashboard p99 / raw SQL p99 met": round(api.p99 / raw.p99) <= 1.1,
        "streams poll (304) req/s, 16 clients": poll.reqPerSec,
        // autocannon counts every answer outside 2xx; here each one should be a 304.
        "streams poll answers not 2xx (304)": poll.non2xx,
        "streams poll answers": poll.total,
        "dashboard poll (304) req/s, 16 clients": dashboardPoll.reqPerSec,
        "GET /api/health req/s, 16 clients": health.reqPerSec,
        "raw node:http req/s, 16 clients": baseline.reqPerSec,
        "streams poll / GET /api/health": round(poll.reqPerSec / health.reqPerSec, 3),
        "streams poll / node:http": round(poll.reqPerSec / baseline.reqPerSec, 3),
        "dashboard poll / node:http": round(dashboardPoll.reqPerSec / baseline.reqPerSec, 3),
        "dashboard poll answers not 2xx (304)": dashboardPoll.non2xx,
        "dashboard poll (304) / streams poll (304) (goal ≥ 0.5)": round(
          dashboardPoll.reqPerSec / poll.reqPerSec,
        ),
        "dashboard poll (304) / streams poll (304) met": dashboardPoll.reqPerSec / poll.reqPerSec >= 0.5,
      };
    } finally {
      await close();
    }
  },
};

export default scenario;
