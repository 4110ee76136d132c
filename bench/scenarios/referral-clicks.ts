import { spawn } from "node:child_process";
import type pg from "pg";
import { freePort, type Scenario, waitFor } from "../lib/context";
import { cpuSeconds } from "../lib/cpu";
import { steadyLoad } from "../lib/steady-load";

const RATE = 200;
const SECONDS = 15;
const WARM_UP_SECONDS = 2;
const SEEDED_CLICKS = 200_000;
const round = (n: number) => Math.round(n * 100) / 100;

/** CPU seconds the PostgreSQL backends serving the app have used so far, by backend. */
async function backendCpu(pool: pg.Pool): Promise<Map<number, number>> {
  const { rows } = await pool.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    const seconds = await cpuSeconds(pid);
    if (seconds !== null) cpu.set(pid, seconds);
  }
  return cpu;
}

/** Transactions committed in the database so far (the app's, and the bench's own reads). */
async function commits(pool: pg.Pool): Promise<number> {
  await pool.query("select pg_stat_clear_snapshot()");
  const { rows } = await pool.query<{ n: string }>(
    "select xact_commit as n from pg_stat_database where datname = current_database()",
  );
  return Number(rows[0].n);
}

/** A raw `node:http` 302 at the same rate on the same machine: how much of the p99 is the machine's. */
async function rawRedirect() {
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
    const cpuBefore = await cpuSeconds(child.pid);
    const result = await steadyLoad({
      url: `http://127.0.0.1:${port}/`,
      rate: RATE,
      seconds: SECONDS,
      warmUpSeconds: WARM_UP_SECONDS,
    });
    const cpuAfter = await cpuSeconds(child.pid);
    const cpuMsPerRequest =
      cpuBefore === null || cpuAfter === null
        ? Number.NaN
        : ((cpuAfter - cpuBefore) * 1000) / (result.warmUpSent + result.sent);
    return { ...result, cpuMsPerRequest };
  } finally {
    child.kill("SIGTERM");
  }
}

/**
 * The short referral link under a steady 200 requests a second, one every 5 ms (loadtest, bench/lib/steady-load.ts):
 * the redirect to registration and the click it records, on a table that already holds 200,000
 * clicks, the app the production build in its own process. The clicks are counted once the app
 * has shut down gracefully, so the last batch is in. Target: p99 ≤ 10 ms.
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
      const cpuBefore = await cpuSeconds(app.process.pid);
      const backendsBefore = await backendCpu(pool);
      const commitsBefore = await commits(pool);
      const result = await steadyLoad({
        url: `${app.baseUrl}/r/${code}?utm_source=bench&utm_campaign=load`,
        rate: RATE,
        seconds: SECONDS,
        warmUpSeconds: WARM_UP_SECONDS,
      });
      const cpuAfter = await cpuSeconds(app.process.pid);
      // The warm-up's clicks are recorded too.
      const sent = result.warmUpSent + result.sent;
      // Backends that ended during the run are not counted: a floor, not an exact figure.
      let backendSeconds = 0;
      for (const [pid, seconds] of await backendCpu(pool))
        backendSeconds += seconds - (backendsBefore.get(pid) ?? 0);
      await app.stop();
      // A backend reports its counts when it ends: read once the app's have.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const commitsAfter = await commits(pool);
      const after = Number((await pool.query("select count(*) from referral_clicks")).rows[0].count);
      const raw = await rawRedirect();
      return {
        targetReqPerSec: RATE,
        reqPerSec: result.reqPerSec,
        p50Ms: result.p50Ms,
        p95Ms: result.p95Ms,
        p99Ms: result.p99Ms,
        maxMs: result.maxMs,
        redirects: result.byStatus["3xx"] ?? 0,
        other: result.sent - (result.byStatus["3xx"] ?? 0),
        clicksSent: sent,
        clicksRecorded: after - before,
        everyClickRecorded: after - before === sent,
        appCpuMsPerClick:
          cpuBefore === null || cpuAfter === null ? "n/a" : round(((cpuAfter - cpuBefore) * 1000) / sent),
        postgresCpuMsPerClickAtLeast: round((backendSeconds * 1000) / sent),
        databaseCommitsPerClick: round((commitsAfter - commitsBefore) / sent),
        p99WithinTarget: result.p99Ms <= 10,
        rawNodeRedirectP50Ms: raw.p50Ms,
        rawNodeRedirectP95Ms: raw.p95Ms,
        rawNodeRedirectP99Ms: raw.p99Ms,
        rawNodeCpuMsPerRequest: round(raw.cpuMsPerRequest),
      };
    } finally {
      await close();
    }
  },
};

export default scenario;
