import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTO_PAYOUTS_QUEUE } from "../../server/jobs/auto-payouts-job";
import { twoInstancesForFile } from "../setup/two-instances";

/**
 * Two app processes over one PostgreSQL server, both working the automatic payouts queue, and
 * looking for queued runs every second rather than every 30.
 */
const instances = twoInstancesForFile({ JOB_POLL_SECONDS: "1" });
let boss: PgBoss;

// A third client that only queues runs, as the hourly schedule does; stopped before the instances.
beforeAll(async () => {
  boss = new PgBoss({ connectionString: instances.databaseUrl, supervise: false, schedule: false, max: 1 });
  boss.on("error", () => undefined);
  await boss.start();
});
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
});

async function register(baseUrl: string, tag: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: tag,
      username: tag,
      email: `${tag}@example.com`,
      password: "auto-payouts-pw",
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { user: { id: string } }).user.id;
}

describe("automatic payouts with two instances", () => {
  it("pays a due account once per period however many runs both instances work", async () => {
    const userId = await register(instances.a.baseUrl, "auto_payer");
    // The production build hashes at OWASP's argon2id baseline (19 MiB, 2 iterations).
    const { rows: hashed } = await instances.sql.query(`select password_hash from users where id = $1`, [
      userId,
    ]);
    expect(hashed[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // Auto payout is on and weekly by default; a completed payout last month names the account,
    // and $240 of commission is available.
    await instances.sql.query(
      `insert into payouts (user_id, amount, paypal_email, provider, status, created_at)
       values ($1::uuid, 50.00, 'me@wallet.test', 'sandbox', 'completed', now() - interval '30 days')`,
      [userId],
    );
    await instances.sql.query(
      `with l as (
         insert into ledger_entries (user_id, kind, amount, status, release_at, description, source_key)
         values ($1::uuid, 'commission', 240.00, 'available', now(), 'Opening commission', 'held:test:auto')
         returning user_id, amount)
       insert into balances (user_id, available) select user_id, amount from l
       on conflict (user_id) do update set available = balances.available + excluded.available`,
      [userId],
    );

    // The instances answer before their job queues have started: a run sent to a queue not made
    // yet is dropped (pg-boss answers null), so the runs wait for the queue, as the schedule does.
    const queueBy = Date.now() + 60_000;
    for (;;) {
      const { rows } = await instances.sql.query(`select 1 from pgboss.queue where name = $1`, [
        AUTO_PAYOUTS_QUEUE,
      ]);
      if (rows.length > 0) break;
      if (Date.now() > queueBy) throw new Error("no instance made the automatic payouts queue in 60 s");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const runs = await Promise.all([1, 2, 3, 4].map(() => boss.send(AUTO_PAYOUTS_QUEUE, {})));
    expect(runs.every(Boolean)).toBe(true);
    const until = Date.now() + 150_000;
    for (;;) {
      const { rows } = await instances.sql.query<{ done: number }>(
        `select count(*)::int as done from pgboss.job where id = any($1::uuid[]) and state = 'completed'`,
        [runs],
      );
      if (rows[0].done === runs.length || Date.now() > until) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    const { rows: jobs } = await instances.sql.query<{ state: string }>(
      `select state from pgboss.job where id = any($1::uuid[])`,
      [runs],
    );
    expect(jobs.map((j) => j.state)).toEqual(["completed", "completed", "completed", "completed"]);
    const { rows: paid } = await instances.sql.query<{
      amount: string;
      status: string;
      scheduled_period: string;
    }>(
      `select amount, status, scheduled_period from payouts where user_id = $1 and scheduled_period is not null`,
      [userId],
    );
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ amount: "240.00", status: "completed" });
    expect(paid[0].scheduled_period).toMatch(/^weekly:\d{4}-\d{2}-\d{2}$/);
    const { rows: balance } = await instances.sql.query(`select available from balances where user_id = $1`, [
      userId,
    ]);
    expect(balance[0]).toEqual({ available: "0.00" });
    const { rows: schedules } = await instances.sql.query(
      `select count(*)::int as n from pgboss.schedule where name = $1`,
      [AUTO_PAYOUTS_QUEUE],
    );
    expect(schedules[0]).toEqual({ n: 1 });
  }, 180_000);
});
