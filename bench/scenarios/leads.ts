import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import PgBoss from "pg-boss";
import { LEAD_SALE_QUEUE } from "../../server/jobs/lead-sales-job";
import { benchPool, type Scenario } from "../lib/context";
import { cpuSplit } from "../lib/cpu";

const CONNECTIONS = 16;
const SECONDS = 10;
const WARM_UP_SECONDS = 3;
const LEAD_VALUE = "75.00";

/**
 * What the visitor waits for when one lead arrives on a verified parked host, as pgbench runs it:
 * the two limit counters, the host's domain, then one transaction of dedupe check, the owner's
 * traces (a lead from the owner's own address or device credits nothing), the domain's
 * daily cap (its inputs, then a place taken in the day's traffic count, whose trigger raises the
 * owner's version) and the lead, then the sale's job queued. The sale itself (revenue event, held ledger entry, balance, notification)
 * follows from the job queue and is not in it. The app's statements, minus the app.
 */
const pgbenchScript = (v: { owner: string; domain: string; name: string }) => `
\\set n random(1, 2000000000)
INSERT INTO rate_limits (key, points, expire) VALUES ('lead_address:' || :client_id, 1, 0)
  ON CONFLICT (key) DO UPDATE SET points = rate_limits.points + 1;
INSERT INTO rate_limits (key, points, expire) VALUES ('lead_domain:' || '${v.domain}', 1, 0)
  ON CONFLICT (key) DO UPDATE SET points = rate_limits.points + 1;
SELECT id, user_id, name FROM domains WHERE name = '${v.name}' AND verified_at IS NOT NULL LIMIT 1;
BEGIN;
SELECT pg_advisory_xact_lock(hashtext('lead:pgbench-' || :client_id || '-' || :n || '@example.com'));
SELECT id FROM leads WHERE email_key = 'pgbench-' || :client_id || '-' || :n || '@example.com'
  AND created_at > now() - interval '30 days' LIMIT 1;
SELECT EXISTS (SELECT 1 FROM known_devices WHERE user_id = '${v.owner}' AND token_hash = NULL) AS device,
  (EXISTS (SELECT 1 FROM audit_log WHERE user_id = '${v.owner}' AND address = '127.0.0.1'
      AND created_at > now() - make_interval(days => 30))
    OR EXISTS (SELECT 1 FROM known_devices WHERE user_id = '${v.owner}' AND address = '127.0.0.1'
      AND last_seen_at > now() - make_interval(days => 30))
    OR EXISTS (SELECT 1 FROM session WHERE sess->>'userId' = '${v.owner}'
      AND sess->>'address' = '127.0.0.1' AND expire > now())) AS address;
SELECT floor(extract(epoch from now() - d.verified_at) / 86400)::int,
  CASE WHEN r.returned = 0 THEN 0 ELSE (SELECT count(*)::int FROM leads l WHERE l.domain_id = d.id
    AND l.flag_reason IS NULL AND l.created_at > now() - interval '30 days') END,
  r.returned
FROM domains d CROSS JOIN LATERAL (SELECT count(*)::int AS returned FROM leads l WHERE l.domain_id = d.id
  AND l.returned_at IS NOT NULL AND l.flag_reason IS NULL AND l.created_at > now() - interval '30 days') r
WHERE d.id = '${v.domain}' FOR KEY SHARE OF d;
INSERT INTO domain_traffic (domain_id, user_id, day, leads) VALUES ('${v.domain}', '${v.owner}', (now() AT TIME ZONE 'UTC')::date, 1)
  ON CONFLICT (domain_id, day) DO UPDATE SET leads = domain_traffic.leads + 1 WHERE domain_traffic.leads < 100000000;
INSERT INTO leads (email, email_key, zip_code, city, state, source, value, host, domain_id, sale_status)
  VALUES ('pgbench-' || :client_id || '-' || :n || '@example.com', 'pgbench-' || :client_id || '-' || :n || '@example.com',
    '90210', 'Beverly Hills', 'CA', 'car-insurance-landing', 0, '${v.name}', '${v.domain}', 'pending');
COMMIT;
INSERT INTO pgboss.job (name, data) VALUES ('lead-sale', json_build_object('leadId', gen_random_uuid())::jsonb);
`;

/** pgbench's transactions per second over the script, on the same server and database. */
async function pgbenchTps(
  url: string,
  vars: { owner: string; domain: string; name: string },
): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "parkpilot-pgbench-"));
  try {
    const script = path.join(dir, "lead.sql");
    await writeFile(script, pgbenchScript(vars));
    const args = ["-n", "-c", String(CONNECTIONS), "-j", "2", "-T", String(SECONDS), "-f", script];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn("pgbench", [...args, url]);
      let text = "";
      child.stdout.on("data", (d) => {
        text += d;
      });
      child.stderr.on("data", (d) => {
        text += d;
      });
      child.on("error", reject);
      child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`pgbench failed: ${text}`))));
    });
    const match = /tps = ([\d.]+)/.exec(output);
    if (!match) throw new Error(`pgbench printed no tps: ${output}`);
    return Number(match[1]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const scenario: Scenario = {
  name: "leads",
  async run(ctx) {
    const database = await ctx.freshDatabase();
    const pool = benchPool({ connectionString: database.url, max: 2 });
    const owner = randomUUID();
    const name = `bench-${owner.slice(0, 8)}.com`;
    await pool.query(
      `insert into users (id, name, username, email, password_hash, referral_code)
       values ($1, 'Bench owner', $2, $3, 'x', $2)`,
      [owner, `bench_${owner.slice(0, 8)}`, `bench_${owner.slice(0, 8)}@example.com`],
    );
    const {
      rows: [domain],
    } = await pool.query<{ id: string }>(
      `insert into domains (user_id, name, status, verified_at, verified_by) values ($1, $2, 'parked', now() - interval '60 days', 'txt') returning id`,
      [owner, name],
    );
    const app = await ctx.startApp({
      databaseUrl: database.url,
      env: { LEAD_VALUE: LEAD_VALUE, LEADS_PER_DOMAIN_PER_DAY: "100000000" },
    });
    try {
      const load = (seconds: number, tag: string) =>
        ctx.load({
          url: `${app.baseUrl}/api/leads`,
          method: "POST",
          headers: { "content-type": "application/json", host: name },
          body: JSON.stringify({
            email: `${tag}-[<id>]@example.com`,
            zipCode: "90210",
            source: "car-insurance-landing",
            value: 75,
          }),
          idReplacement: true,
          connections: CONNECTIONS,
          durationSeconds: seconds,
        });
      // The first leads compile the path and load the ZIP table: warmed up, as a running server is.
      const warmUp = await load(WARM_UP_SECONDS, "warm-up");
      const measured = await cpuSplit(
        app.process.pid,
        () => load(SECONDS, "driver"),
        (r) => r.total,
      );
      const leads = measured.result;
      await app.stop();
      const stored = await pool.query<{ n: string; credited: string; pending: string }>(
        `select count(*) as n, coalesce(sum(value), 0) as credited,
                (select pending from balances where user_id = $2) as pending
         from leads where domain_id = $1`,
        [domain.id, owner],
      );
      // The sale's queue, as the app makes it when its job queue starts (it may not have, on a busy machine).
      const boss = new PgBoss({ connectionString: database.url, supervise: false, schedule: false });
      await boss.start();
      await boss.createQueue(LEAD_SALE_QUEUE, { name: LEAD_SALE_QUEUE, policy: "standard" });
      await boss.stop({ graceful: false, wait: true });
      const pgbench = await cpuSplit(
        undefined,
        () => pgbenchTps(database.url, { owner, domain: domain.id, name }),
        (tps) => tps * SECONDS,
      );
      const tps = pgbench.result;
      const row = stored.rows[0];
      const ratio = Math.round((leads.reqPerSec / tps) * 100) / 100;
      return {
        "POST /api/leads, verified host, req/s (PostgreSQL)": leads.reqPerSec,
        "leads p50 ms": leads.p50Ms,
        "leads p99 ms": leads.p99Ms,
        "leads answered 201": leads.ok,
        "leads refused (non-2xx)": leads.non2xx,
        "leads stored on the domain": Number(row.n),
        "no acknowledged lead missing": Number(row.n) >= leads.ok + warmUp.ok,
        "pending balance equals sold leads × value": Number(row.pending ?? 0) === Number(row.credited),
        "pgbench, the statements the visitor waits for, tps": Math.round(tps),
        "leads ratio to pgbench (goal ≥ 0.7)": ratio,
        "leads ratio to pgbench met": ratio >= 0.7,
        // Where the time goes: both runs keep the two cores busy, so each one's rate is the
        // inverse of the CPU a request costs the machine.
        "leads: machine CPU ms per lead": measured.machineMs,
        "leads: app process CPU ms per lead": measured.appMs,
        "leads: load generator CPU ms per lead": measured.loadMs,
        "leads: PostgreSQL and the kernel, CPU ms per lead": measured.restMs,
        "pgbench: machine CPU ms per transaction": pgbench.machineMs,
      };
    } finally {
      await app.stop().catch(() => undefined);
      await pool.end();
      await database.drop();
    }
  },
};

export default scenario;
