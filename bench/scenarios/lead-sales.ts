import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { startAppProcess } from "../../tests/setup/app-process";

import { benchPool, type Scenario } from "../lib/context";

const PING_TIMEOUT_MS = 750;
const CONNECTIONS = 8;
const SECONDS = 10;

const leadBody = (email: string) =>
  JSON.stringify({ email, zipCode: "90210", source: "car-insurance-landing", value: 75 });

/** A lead sent with the parked domain's Host (fetch would not send that header). */
function postLead(baseUrl: string, host: string, body: string): Promise<{ status: number; body: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: "/api/leads",
        method: "POST",
        headers: { "content-type": "application/json", host },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * `POST /api/leads` on a verified host with three buyers on loopback (two bidders, one that rejects
 * its posts; each answers within a few milliseconds, one ping sometimes 100 ms late): the latency
 * a visitor sees, ping-post included. Then the app is killed with SIGKILL while leads are being
 * sold, started again, and every acknowledged lead must be stored and its sale finished, each
 * buyer posted a lead at most once per idempotency key.
 */
const scenario: Scenario = {
  name: "lead-sales",
  async run(ctx) {
    const database = await ctx.freshDatabase();
    const pool = benchPool({ connectionString: database.url, max: 2 });
    const owner = randomUUID();
    const name = `sales-${owner.slice(0, 8)}.com`;
    await pool.query(
      `insert into users (id, name, username, email, password_hash, referral_code) values ($1, 'Bench owner', $2, $3, 'x', $2)`,
      [owner, `bench_${owner.slice(0, 8)}`, `bench_${owner.slice(0, 8)}@example.com`],
    );
    await pool.query(
      `insert into domains (user_id, name, status, verified_at, verified_by) values ($1, $2, 'parked', now() - interval '60 days', 'txt')`,
      [owner, name],
    );
    const buyersProcess = spawn(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "../lib/loopback-buyers.ts")],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    const started = await new Promise<string>((resolve, reject) => {
      let text = "";
      buyersProcess.stdout.on("data", (chunk) => {
        text += chunk;
        if (text.includes("\n")) resolve(text);
      });
      buyersProcess.once("exit", () => reject(new Error("the loopback buyers did not start")));
    });
    const { buyers, statsUrl } = JSON.parse(started) as {
      buyers: { pingUrl: string; postUrl: string; secret: string }[];
      statsUrl: string;
    };
    const env = {
      DATABASE_URL: database.url,
      LEAD_PING_TIMEOUT_MS: String(PING_TIMEOUT_MS),
      LEADS_PER_DOMAIN_PER_DAY: "100000000",
      LEAD_BUYERS: JSON.stringify(
        buyers.map((b, i) => ({
          name: `Bench buyer ${i + 1}`,
          pingUrl: b.pingUrl,
          postUrl: b.postUrl,
          secret: b.secret,
        })),
      ),
    };
    let app = await startAppProcess(env);
    try {
      const load = await ctx.load({
        url: `${app.baseUrl}/api/leads`,
        method: "POST",
        headers: { "content-type": "application/json", host: name },
        body: leadBody("sale-[<id>]@example.com"),
        idReplacement: true,
        connections: CONNECTIONS,
        durationSeconds: SECONDS,
      });

      // The same load with no buyer (production: each lead is stored unsold): what the machine
      // answers without ping-post, so the sale's own share of the latency shows.
      const bare = await startAppProcess({
        DATABASE_URL: database.url,
        LEADS_PER_DOMAIN_PER_DAY: "100000000",
      });
      let withoutBuyers: Awaited<ReturnType<typeof ctx.load>>;
      try {
        withoutBuyers = await ctx.load({
          url: `${bare.baseUrl}/api/leads`,
          method: "POST",
          headers: { "content-type": "application/json", host: name },
          body: leadBody("bare-[<id>]@example.com"),
          idReplacement: true,
          connections: CONNECTIONS,
          durationSeconds: SECONDS,
        });
      } finally {
        await bare.stop();
      }

      // Kill -9 while leads are being sold; every acknowledged lead must survive and be sold after restart.
      const acknowledged: string[] = [];
      let killed = false;
      const sender = async () => {
        while (!killed) {
          try {
            const answer = await postLead(app.baseUrl, name, leadBody(`kill-${randomUUID()}@example.com`));
            if (answer.status === 201) acknowledged.push((JSON.parse(answer.body) as { id: string }).id);
          } catch {
            return;
          }
        }
      };
      const senders = Array.from({ length: CONNECTIONS }, sender);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      killed = true;
      await app.kill();
      await Promise.all(senders);
      const pendingAtKill = await pool.query<{ n: string }>(
        `select count(*) as n from leads where sale_status = 'pending'`,
      );
      app = await startAppProcess(env);
      const restartedAt = Date.now();
      let pending = Number(pendingAtKill.rows[0].n);
      while (pending > 0 && Date.now() - restartedAt < 90_000) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        pending = Number(
          (await pool.query<{ n: string }>(`select count(*) as n from leads where sale_status = 'pending'`))
            .rows[0].n,
        );
      }
      const resumedAfterMs = Date.now() - restartedAt;
      const stored = await pool.query<{ id: string; sale_status: string }>(
        `select id, sale_status from leads where id = any($1::uuid[])`,
        [acknowledged],
      );
      const credits = await pool.query<{ doubled: string; mismatched: string }>(`
        select
          (select count(*) from (select source_key from ledger_entries group by source_key having count(*) > 1) d) as doubled,
          (select count(*) from leads l where l.sale_status = 'sold' and l.domain_id is not null
             and not exists (select 1 from ledger_entries e where e.source_key = 'held:lead:' || l.id)) as mismatched`);
      const posts = (await (await fetch(statsUrl)).json()) as Record<string, string[]>[];
      // A lead posted again (a retry, a resumed sale) carries its first key: two keys would be two deliveries.
      const doubleDelivered = posts
        .flatMap((byLead) => Object.values(byLead))
        .filter((keys) => new Set(keys).size > 1).length;
      const reposted = posts
        .flatMap((byLead) => Object.values(byLead))
        .filter((keys) => keys.length > 1).length;
      return {
        "POST /api/leads with 3 loopback buyers, req/s (PostgreSQL)": load.reqPerSec,
        "leads p50 ms": load.p50Ms,
        "leads p99 ms": load.p99Ms,
        "same load, no buyer (stored unsold): p50 ms": withoutBuyers.p50Ms,
        "same load, no buyer: p99 ms": withoutBuyers.p99Ms,
        "ping timeout ms": PING_TIMEOUT_MS,
        "p99 within timeout + 100 ms": load.p99Ms <= PING_TIMEOUT_MS + 100,
        "leads answered 201": load.ok,
        "leads refused (non-2xx)": load.non2xx,
        "kill -9: leads acknowledged before the kill": acknowledged.length,
        "kill -9: sales pending at the kill": Number(pendingAtKill.rows[0].n),
        "kill -9: acknowledged leads stored": stored.rows.length,
        "kill -9: sales still pending after restart": pending,
        "kill -9: resumed within ms of restart": resumedAfterMs,
        "none lost under kill -9": stored.rows.length === acknowledged.length && pending === 0,
        "ledger credits written twice": Number(credits.rows[0].doubled),
        "sold leads without their credit": Number(credits.rows[0].mismatched),
        "leads posted to one buyer under two keys": doubleDelivered,
        "leads posted again under their key (retries, resumed sales)": reposted,
      };
    } finally {
      await app.stop().catch(() => undefined);
      buyersProcess.kill("SIGTERM");
      await pool.end();
      await database.drop();
    }
  },
};

export default scenario;
