import { spawn } from "node:child_process";
import autocannon from "autocannon";
import { freePort, type Scenario, waitFor } from "../lib/context";

const RATE = 200;
const SECONDS = 15;
const SEEDED_CLICKS = 200_000;
const round = (n: number) => Math.round(n * 100) / 100;

/** A raw `node:http` 302 at the same rate on the same machine: how much of the p99 is the machine's. */
async function rawRedirect(): Promise<{ p50: number; p99: number }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      "-e",
      "require('http').createServer((q,s)=>{if(q.url==='/ready')return s.end('ok');s.statusCode=302;s.setHeader('location','/login');s.end()}).listen(+process.argv[1],'127.0.0.1')",
      String(port),
    ],
    { stdio: "ignore" },
  );
  try {
    await waitFor(`http://127.0.0.1:${port}/ready`, 10_000);
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/`,
      connections: 10,
      overallRate: RATE,
      duration: SECONDS,
    });
    return { p50: result.latency.p50, p99: result.latency.p99 };
  } finally {
    child.kill("SIGTERM");
  }
}

/**
 * The short referral link under a steady 200 requests a second: the redirect to registration
 * and the click it records, on a table that already holds 200,000 clicks. Target: p99 ≤ 10 ms.
 */
const scenario: Scenario = {
  name: "referral-clicks",
  async run(ctx) {
    const { app, pool, close } = await ctx.appOnFreshDatabase();
    try {
      const affiliate = await ctx.signUp(app.baseUrl);
      const {
        rows: [{ code }],
      } = await pool.query<{ code: string }>("select referral_code as code from users where id = $1", [
        affiliate.userId,
      ]);
      await pool.query(
        `insert into referral_clicks (user_id, code, source, utm_campaign, clicked_at)
         select $1, $2, (array['newsletter','youtube','linkedin','direct'])[1 + i % 4], 'seed',
           now() - (i % 90) * interval '1 day'
         from generate_series(1, $3::int) i`,
        [affiliate.userId, code, SEEDED_CLICKS],
      );
      await pool.query("analyze referral_clicks");
      const before = Number((await pool.query("select count(*) from referral_clicks")).rows[0].count);

      const result = await autocannon({
        url: `${app.baseUrl}/r/${code}?utm_source=bench&utm_campaign=load`,
        connections: 10,
        overallRate: RATE,
        duration: SECONDS,
      });
      // Clicks are written after the answer: give the last ones a moment before counting.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const after = Number((await pool.query("select count(*) from referral_clicks")).rows[0].count);
      const redirects = result["3xx"];
      const raw = await rawRedirect();
      return {
        targetReqPerSec: RATE,
        reqPerSec: round(result.requests.average),
        p50Ms: round(result.latency.p50),
        p99Ms: round(result.latency.p99),
        maxMs: round(result.latency.max),
        redirects,
        other: result.requests.total - redirects,
        clicksRecorded: after - before,
        p99WithinTarget: result.latency.p99 <= 10,
        rawNodeRedirectP50Ms: round(raw.p50),
        rawNodeRedirectP99Ms: round(raw.p99),
      };
    } finally {
      await close();
    }
  },
};

export default scenario;
