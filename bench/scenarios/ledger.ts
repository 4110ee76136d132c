import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../server/db/pool";
import { type BenchContext, benchPool, type Figures, type RunningApp, type Scenario } from "../lib/context";

const ROWS = 100_000;
// Enough calls that the 99th percentile is not the single slowest one, after a warm-up of each.
const READS = 500;
const PAYOUTS = 300;
const WARMUP = 20;
const GOAL_MS = 50;

/**
 * An account whose ledger holds 100,000 rows: credits (most released, the last weeks pending),
 * reversals of some of them, past payouts and their returns, as years of a busy affiliate's
 * earnings would leave it. One statement writes them, and the balance row as their sums.
 */
async function seedLedger(execute: (query: string) => Promise<unknown>, userId: string) {
  await execute(`
    insert into ledger_entries (user_id, kind, amount, status, release_at, description, source_key, created_at)
    select '${userId}'::uuid,
      case when i % 50 = 0 then 'payout' else 'commission' end,
      case when i % 50 = 0 then -20.00 else 10.00 end,
      case when i > ${ROWS} - 2000 then 'pending' else 'available' end,
      now() + (case when i > ${ROWS} - 2000 then (i % 30) else -(i % 900) end) * interval '1 day',
      'Bench credit', 'bench-ledger:' || i, now() - (${ROWS} - i) * interval '10 minutes'
    from generate_series(1, ${ROWS}) i`);
  await execute(`
    update ledger_entries r set credit_id = c.id, kind = 'reversal', amount = -c.amount, cause = 'bench'
    from ledger_entries c
    where r.user_id = '${userId}'::uuid and c.user_id = r.user_id
      and r.source_key like 'bench-ledger:%7' and c.source_key = 'bench-ledger:' || (substr(r.source_key, 14)::int - 1)
      and r.kind = 'commission' and c.kind = 'commission'`);
  await execute(`
    insert into balances (user_id, available, pending)
    select '${userId}'::uuid,
      coalesce(sum(amount) filter (where status = 'available'), 0), coalesce(sum(amount) filter (where status = 'pending'), 0)
    from ledger_entries where user_id = '${userId}'::uuid
    on conflict (user_id) do update set available = excluded.available, pending = excluded.pending`);
  await execute("analyze ledger_entries");
}

/** The balance read and the payout request, each timed one after another, as the Payments page and its button send them. */
async function measure(ctx: BenchContext, app: RunningApp, cookie: string, engine: string, figures: Figures) {
  const balance = await ctx.time(
    async () => {
      const res = await fetch(`${app.baseUrl}/api/payments/balance`, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`balance answered ${res.status}`);
      await res.arrayBuffer();
    },
    READS,
    WARMUP,
  );
  let accepted = 0;
  const payout = await ctx.time(
    async () => {
      const res = await fetch(`${app.baseUrl}/api/payments/payout`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json", origin: app.baseUrl },
        body: JSON.stringify({ amount: "50.00", paypalEmail: "bench@wallet.example" }),
      });
      if (res.status === 201) accepted += 1;
      await res.arrayBuffer();
    },
    PAYOUTS,
    WARMUP,
  );
  figures[`${engine}: balance read p50 ms`] = balance.p50Ms;
  figures[`${engine}: balance read p99 ms (goal ≤ ${GOAL_MS})`] = balance.p99Ms;
  figures[`${engine}: balance read goal met`] = balance.p99Ms <= GOAL_MS;
  figures[`${engine}: payout request p50 ms`] = payout.p50Ms;
  figures[`${engine}: payout request p99 ms (goal ≤ ${GOAL_MS})`] = payout.p99Ms;
  figures[`${engine}: payout request goal met`] = payout.p99Ms <= GOAL_MS;
  figures[`${engine}: payouts accepted`] = `${accepted} of ${PAYOUTS + WARMUP}`;
}

/**
 * The ledger at the size of a busy account: the balance read and the payout request on an account
 * with 100,000 ledger rows, on the PostgreSQL server and on the embedded engine (whose data folder
 * is seeded while the app is stopped, then the app starts on it).
 */
const scenario: Scenario = {
  name: "ledger",
  async run(ctx) {
    const figures: Figures = { "ledger rows of the account": ROWS };
    const database = await ctx.freshDatabase();
    const app = await ctx.startApp({ databaseUrl: database.url, env: { LOG_LEVEL: "error" } });
    const pool = benchPool({ connectionString: database.url, max: 2 });
    try {
      const owner = await ctx.signUp(app.baseUrl);
      await seedLedger((q) => pool.query(q), owner.userId);
      await measure(ctx, app, owner.cookie, "postgres", figures);
    } finally {
      // The seeding pool ends before its database is dropped, which would end its connections under it.
      await pool.end();
      await app.stop();
      await database.drop();
    }

    const dir = await mkdtemp(path.join(os.tmpdir(), "parkpilot-bench-ledger-"));
    try {
      const env = { PGLITE_DIR: dir, LOG_LEVEL: "error" };
      const first = await ctx.startApp({ env });
      const owner = await ctx.signUp(first.baseUrl);
      await first.stop();
      const embedded = await openDatabase({ pgliteDir: dir });
      await seedLedger((q) => embedded.db.execute(sql.raw(q)), owner.userId);
      await embedded.close();
      const second = await ctx.startApp({ env });
      try {
        await measure(ctx, second, owner.cookie, "embedded", figures);
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    return figures;
  },
};

export default scenario;
