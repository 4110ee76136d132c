import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";
import { ACCOUNT_PLANS, optionById } from "../../shared/catalog";
import { freePort, startAppProcess, waitFor } from "../../tests/setup/app-process";
import { sessionCookieOf } from "../../tests/setup/child-process";
import { createServerDatabase } from "../../tests/setup/test-database";

export type Figures = Record<string, number | string | boolean>;

export interface Scenario {
  name: string;
  run(ctx: BenchContext): Promise<Figures>;
}

/**
 * How long a load runs, not counted, before it is measured: a server just started still compiles
 * its code and finishes its own start, which one that has been up a while did long ago.
 */
const WARMUP_SECONDS = 2;

export interface LoadOptions {
  url: string;
  method?: "GET" | "POST" | "PUT" | "DELETE";
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  durationSeconds?: number;
  amount?: number;
  /** Replaces `[<id>]` in the body with a fresh id per request (unique leads, say). */
  idReplacement?: boolean;
}

export interface LoadResult {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  total: number;
  /** Responses with a 2xx status. */
  ok: number;
}

/** A raw `node:http` server in its own process (`BenchContext.rawServer`). */
export interface RawServer {
  url: string;
  close(): void;
}

export interface RunningApp {
  baseUrl: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * Several runs of one load as one: mean throughput and p50, the highest p99 (a goal on the
 * p99 holds in every run), the answers summed.
 */
/**
 * A pool on a bench database. A scenario drops its database when it ends, which ends any
 * connection still closing: that idle connection's error is expected then, and a pool without a
 * listener would make it the whole run's crash.
 */
export function benchPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on("error", () => {});
  return pool;
}

export function summarize(runs: LoadResult[]): LoadResult {
  const sum = (pick: (r: LoadResult) => number) => runs.reduce((total, r) => total + pick(r), 0);
  return {
    reqPerSec: round(sum((r) => r.reqPerSec) / runs.length),
    p50Ms: round(sum((r) => r.p50Ms) / runs.length, 2),
    p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
    non2xx: sum((r) => r.non2xx),
    total: sum((r) => r.total),
    ok: sum((r) => r.ok),
  };
}

/** Everything a scenario needs: databases on the PostgreSQL server, real app processes, load. */
export class BenchContext {
  private baselineResult?: LoadResult;
  private pools: pg.Pool[] = [];

  /** A new, migrated database on the PostgreSQL server. */
  freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
    return createServerDatabase(serverUrl);
  }

  /** A pg Pool for bulk seeding with SQL; closed when the run ends. */
  pool(url: string): pg.Pool {
    const pool = benchPool({ connectionString: url, max: 4 });
    this.pools.push(pool);
    return pool;
  }

  /**
   * A fresh database, the app on it and a pool of its own for seeding and reading it (2
   * connections unless `pool` says otherwise). `close` ends the pool before the app stops and the
   * database is dropped, so no idle connection is terminated under it.
   */
  async appOnFreshDatabase(
    options: { env?: Record<string, string>; pool?: Omit<pg.PoolConfig, "connectionString"> } = {},
  ): Promise<{ app: RunningApp; pool: pg.Pool; close(): Promise<void> }> {
    const database = await this.freshDatabase();
    const app = await this.startApp({ databaseUrl: database.url, env: options.env });
    const pool = benchPool({ connectionString: database.url, max: 2, ...options.pool });
    return {
      app,
      pool,
      async close() {
        await pool.end();
        await app.stop();
        await database.drop();
      },
    };
  }

  /** The production build of the app in its own process, on a free port. */
  async startApp(options: { databaseUrl?: string; env?: Record<string, string> } = {}): Promise<RunningApp> {
    const app = await startAppProcess({
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    });
    return { baseUrl: app.baseUrl, process: app.child, stop: app.stop };
  }

  /** Registers a new user and answers its session cookie. */
  async signUp(baseUrl: string): Promise<{ cookie: string; userId: string }> {
    const tag = randomBytes(4).toString("hex");
    const res = await fetch(`${baseUrl}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: `Bench ${tag}`,
        username: `bench_${tag}`,
        email: `bench_${tag}@example.com`,
        password: "bench-password-1",
        timeZone: "America/New_York",
      }),
    });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    const cookie = sessionCookieOf(res);
    const body = (await res.json()) as { user: { id: string } };
    return { cookie, userId: body.user.id };
  }

  /**
   * Puts the account on an account plan bought in the sandbox (test money), for scenarios that
   * need more than the free plan's limits (docs/product.md#account-plans).
   */
  async subscribe(
    baseUrl: string,
    cookie: string,
    plan: "business" | "ultimate" = "ultimate",
  ): Promise<void> {
    const price = optionById(ACCOUNT_PLANS, plan).price;
    const order = await fetch(`${baseUrl}/api/settings/account-upgrade`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ plan, price }),
    });
    if (order.status !== 201) throw new Error(`plan order failed: ${order.status} ${await order.text()}`);
    const { orderId } = (await order.json()) as { orderId: string };
    const paid = await fetch(`${baseUrl}/api/checkout/sandbox/${orderId}/pay?provider=stripe`, {
      method: "POST",
      headers: { cookie },
      redirect: "manual",
    });
    if (paid.status !== 303) throw new Error(`sandbox payment failed: ${paid.status} ${await paid.text()}`);
  }

  async load(options: LoadOptions): Promise<LoadResult> {
    const result = await autocannon({
      url: options.url,
      method: options.method ?? "GET",
      headers: options.headers,
      body: options.body,
      connections: options.connections,
      ...(options.amount ? { amount: options.amount } : { duration: options.durationSeconds ?? 5 }),
      idReplacement: options.idReplacement,
    });
    return {
      reqPerSec: round(result.requests.average),
      p50Ms: round(result.latency.p50, 2),
      p99Ms: round(result.latency.p99, 2),
      non2xx: result.non2xx,
      total: result.requests.total,
      ok: result["2xx"],
    };
  }

  /** Raw `node:http` hello on this machine, measured once per run: the ratio's denominator. */
  async baseline(): Promise<LoadResult> {
    if (this.baselineResult) return this.baselineResult;
    const raw = await this.rawServer();
    try {
      await this.load({ url: raw.url, connections: 16, durationSeconds: WARMUP_SECONDS });
      this.baselineResult = await this.load({ url: raw.url, connections: 16, durationSeconds: 5 });
      return this.baselineResult;
    } finally {
      raw.close();
    }
  }

  /** A raw `node:http` server answering a small JSON on every path, in its own process. */
  async rawServer(): Promise<RawServer> {
    const child = spawn(
      process.execPath,
      [
        "-e",
        "require('http').createServer((q,s)=>{s.setHeader('content-type','application/json');s.end('{\"status\":\"ok\"}')}).listen(+process.argv[1],'127.0.0.1')",
        String(await freePort()),
      ],
      { stdio: "ignore" },
    );
    const url = `http://127.0.0.1:${Number(child.spawnargs.at(-1))}/`;
    try {
      await waitFor(url, 10_000);
    } catch (error) {
      child.kill("SIGTERM");
      throw error;
    }
    return { url, close: () => child.kill("SIGTERM") };
  }

  /**
   * Two loads compared in alternating rounds (first then second, then second then first, …),
   * each warmed up once before: whatever else the machine does falls on both alike, where two
   * long runs one after the other may each meet a different machine. The ratio is the median of
   * the rounds' second ÷ first.
   */
  async alternate(
    first: LoadOptions,
    second: LoadOptions,
    rounds: { count: number; seconds: number },
  ): Promise<{
    first: LoadResult[];
    second: LoadResult[];
    ratio: number;
    /** The warm-up loads, not in the rounds: their calls were answered (and metered) too. */
    warmup: { first: LoadResult; second: LoadResult };
  }> {
    const sides = { first, second };
    const runs = { first: [] as LoadResult[], second: [] as LoadResult[] };
    const warmup = {
      first: await this.load({ ...first, durationSeconds: WARMUP_SECONDS }),
      second: await this.load({ ...second, durationSeconds: WARMUP_SECONDS }),
    };
    for (let i = 0; i < rounds.count; i++) {
      const order = i % 2 === 0 ? (["first", "second"] as const) : (["second", "first"] as const);
      for (const side of order) {
        runs[side].push(await this.load({ ...sides[side], durationSeconds: rounds.seconds }));
      }
    }
    const ratios = runs.second.map((b, i) => b.reqPerSec / runs.first[i].reqPerSec).sort((x, y) => x - y);
    const middle = ratios.length / 2;
    const median = ratios.length % 2 ? ratios[Math.floor(middle)] : (ratios[middle - 1] + ratios[middle]) / 2;
    return { ...runs, ratio: round(median, 2), warmup };
  }

  /**
   * Percentiles of repeated async calls, in milliseconds. `warmup` calls run first and are not
   * counted: a route's first calls compile its code and plan its queries, which a server that has
   * been up a while did long ago (a cold start is measured by its own scenario).
   */
  async time(
    fn: () => Promise<unknown>,
    iterations: number,
    warmup = 0,
  ): Promise<{ p50Ms: number; p99Ms: number }> {
    for (let i = 0; i < warmup; i++) await fn();
    const samples: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const start = performance.now();
      await fn();
      samples.push(performance.now() - start);
    }
    samples.sort((a, b) => a - b);
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
    return { p50Ms: round(at(0.5), 2), p99Ms: round(at(0.99), 2) };
  }

  async close(): Promise<void> {
    await Promise.all(this.pools.map((p) => p.end()));
  }
}

export { freePort, waitFor };
