import { type Scenario, summarize } from "../lib/context";
import { seedOwnerParkingReports } from "../lib/seed";

const DOMAINS = 5_000;
const REPORT_DAYS = 30;
/** Alternating rounds, each order in turn, so that the machine's drift falls on both sides. */
const ROUNDS = 6;
const ROUND_SECONDS = 3;

/**
 * `GET /api/v1/domains?limit=100` with an API key (key lookup, plan, metering of burst, quota
 * and daily usage on every call) against the same page through the session route
 * (`GET /api/domains?limit=100` with a cookie), over a 5,000-domain portfolio, in the same run,
 * alternating rounds of load. Goal: the key's req/s at least 0.9 of the session's.
 */
const scenario: Scenario = {
  name: "api-v1",
  async run(ctx) {
    const { app, pool, close } = await ctx.appOnFreshDatabase({ env: { API_BURST_PER_SECOND: "100000" } });
    try {
      const owner = await ctx.signUp(app.baseUrl);
      await pool.query(
        `insert into domains (user_id, name, status, ad_network, registration_date, created_at, verified_at)
         select $1, 'api-portfolio-' || i || '.com', (array['active', 'parked'])[1 + i % 2], 'sedo',
           now() - (i % 3000) * interval '1 day', now() - i * interval '1 second', now()
         from generate_series(1, $2::int) i`,
        [owner.userId, DOMAINS],
      );
      await seedOwnerParkingReports(pool, owner.userId, REPORT_DAYS);
      // The enterprise plan (1M calls a month), as its paid order grants it.
      await pool.query(
        `insert into entitlements (user_id, feature, usage_limit, source, starts_at)
         values ($1, 'api-access', 1000000, 'order', now() - interval '1 minute')`,
        [owner.userId],
      );
      await pool.query("analyze");
      const created = await fetch(`${app.baseUrl}/api/api-keys`, {
        method: "POST",
        headers: { cookie: owner.cookie, "content-type": "application/json" },
        body: JSON.stringify({ name: "bench", scopes: ["read"] }),
      });
      if (created.status !== 201)
        throw new Error(`key creation failed: ${created.status} ${await created.text()}`);
      const { key } = (await created.json()) as { key: string };

      const session = { url: `${app.baseUrl}/api/domains?limit=100`, headers: { cookie: owner.cookie } };
      const byKey = {
        url: `${app.baseUrl}/api/v1/domains?limit=100`,
        headers: { authorization: `Bearer ${key}` },
      };
      // Both read the same page: the comparison is of the authentication and metering around it.
      const sessionPage = await (await fetch(session.url, { headers: session.headers })).json();
      const keyPage = (await (await fetch(byKey.url, { headers: byKey.headers })).json()) as {
        data: unknown;
      };
      const samePage = JSON.stringify(sessionPage) === JSON.stringify(keyPage.data);

      const compared = await ctx.alternate(
        { ...session, connections: 4 },
        { ...byKey, connections: 4 },
        { count: ROUNDS, seconds: ROUND_SECONDS },
      );
      const bySession = summarize(compared.first);
      const byKeyLoad = summarize(compared.second);
      const meanRatio = Math.round((byKeyLoad.reqPerSec / bySession.reqPerSec) * 100) / 100;
      const counted = await pool.query<{ calls: string }>(
        "select coalesce(sum(calls), 0)::text as calls from api_quota_periods where user_id = $1",
        [owner.userId],
      );

      return {
        "domains in the portfolio": DOMAINS,
        "same page by key and by session": samePage,
        "GET /api/v1/domains?limit=100 by key, req/s (4 connections)": byKeyLoad.reqPerSec,
        "GET /api/v1/domains?limit=100 by key, highest p99 of the rounds, ms": byKeyLoad.p99Ms,
        "GET /api/v1/domains?limit=100 by key, non-2xx": byKeyLoad.non2xx,
        "GET /api/domains?limit=100 by session, req/s (4 connections)": bySession.reqPerSec,
        "GET /api/domains?limit=100 by session, highest p99 of the rounds, ms": bySession.p99Ms,
        "ratio key / session req/s, mean of rounds (goal >= 0.9)": meanRatio,
        "ratio key / session req/s, mean of rounds met": meanRatio >= 0.9,
        "ratio key / session req/s, median of round pairs": compared.ratio,
        // Autocannon stops with calls in flight: the server answered (and counted) a few more.
        "calls metered": Number(counted.rows[0].calls),
        "calls answered 2xx, warm-up included (+1 before the load)":
          byKeyLoad.ok + compared.warmup.second.ok + 1,
      };
    } finally {
      await close();
    }
  },
};

export default scenario;
