import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type AppProcess, startAppProcess } from "../setup/app-process";
import { startBuyer } from "../setup/lead-buyer-server";
import { createServerDatabase } from "../setup/test-database";

/**
 * Sends leads from 8 concurrent clients and kills the app with SIGKILL mid-load, once it has
 * acknowledged `killAfter` of them (a count, not a time: a busy machine answers fewer a second);
 * answers the ids of every lead that was acknowledged with 201 before the kill.
 */
async function leadsUntilKilled(app: AppProcess, killAfter: number): Promise<string[]> {
  const acknowledged: string[] = [];
  let killed = false;
  const client = async (n: number) => {
    for (let i = 0; !killed; i++) {
      try {
        const res = await fetch(`${app.baseUrl}/api/leads`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            email: `crash-${n}-${i}@example.com`,
            zipCode: "60601",
            source: "car-insurance-landing",
            value: 75,
          }),
        });
        if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id);
      } catch {
        return; // the connection died with the process
      }
    }
  };
  const clients = Array.from({ length: 8 }, (_, n) => client(n));
  const giveUpAt = Date.now() + 60_000;
  while (acknowledged.length < killAfter && Date.now() < giveUpAt)
    await new Promise((r) => setTimeout(r, 20));
  killed = true;
  await app.kill();
  await Promise.all(clients);
  return acknowledged;
}

/** A lead posted on `host` (fetch cannot choose the Host header); answers its status and id. */
function postLeadOn(baseUrl: string, host: string, email: string): Promise<{ status: number; id?: string }> {
  return new Promise((resolve, reject) => {
    const req = leadRequest(baseUrl, host, email, (res) => {
      let text = "";
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => {
        const id = res.statusCode === 201 ? (JSON.parse(text) as { id: string }).id : undefined;
        resolve({ status: res.statusCode ?? 0, id });
      });
    });
    req.on("error", reject);
  });
}

/** A lead posted on `host` by a client that hangs up `afterMs` after sending it, before its answer. */
function postLeadAndHangUp(baseUrl: string, host: string, email: string, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const req = leadRequest(baseUrl, host, email, () => undefined);
    req.on("error", () => resolve());
    req.on("close", () => resolve());
    setTimeout(() => req.destroy(), afterMs);
  });
}

function leadRequest(
  baseUrl: string,
  host: string,
  email: string,
  onResponse: (res: http.IncomingMessage) => void,
): http.ClientRequest {
  const body = JSON.stringify({ email, zipCode: "60601", source: "car-insurance-landing", value: 75 });
  const req = http.request(
    `${baseUrl}/api/leads`,
    { method: "POST", headers: { host, "content-type": "application/json" } },
    onResponse,
  );
  req.end(body);
  return req;
}

/** A fresh database on the PostgreSQL server and a client on it, both gone after the file. */
async function databaseWithClient() {
  const database = await createServerDatabase();
  cleanups.push(database.drop);
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  cleanups.push(() => sql.end());
  return { database, sql };
}

/** An owner with one domain verified two months ago, on the database `sql` is connected to. */
async function verifiedDomain(sql: pg.Client, name: string): Promise<void> {
  const user = name.replace(/\W/g, "_");
  await sql.query(
    `with owner as (
       insert into users (name, username, email, password_hash, referral_code)
       values ('Owner', $2, $2 || '@example.com', 'x', $2) returning id)
     insert into domains (user_id, name, status, verified_at, verified_by)
     select id, $1, 'parked', now() - interval '60 days', 'txt' from owner`,
    [name, user],
  );
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("crash safety", () => {
  it("keeps every lead answered 201 on the PostgreSQL server after a kill -9 under load", async () => {
    const database = await createServerDatabase();
    cleanups.push(database.drop);
    const app = await startAppProcess({ DATABASE_URL: database.url });
    // The app answers before its job queue has started, which takes the pool a while on a fresh
    // server: leads flow after it, and the kill waits until 40 of them are acknowledged.
    const acknowledged = await leadsUntilKilled(app, 40);
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ id: string }>("select id from leads where id = any($1::uuid[])", [
      acknowledged,
    ]);
    await client.end();
    expect(rows).toHaveLength(acknowledged.length);
  });

  it("reopens the embedded engine's data folder after a kill -9, with every acknowledged lead in it", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "parkpilot-crash-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const env = { DATABASE_URL: "", PGLITE_DIR: dir };
    const first = await startAppProcess(env);
    const acknowledged = await leadsUntilKilled(first, 20);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);

    // The app starts again on the same folder with no manual step...
    const second = await startAppProcess(env);
    const health = await fetch(`${second.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    await second.stop();

    // ...and the folder holds every lead the first process acknowledged.
    const db = await PGlite.create(dir);
    const { rows } = await db.query<{ id: string }>("select id from leads where id = any($1::uuid[])", [
      acknowledged,
    ]);
    await db.close();
    expect(rows).toHaveLength(acknowledged.length);
  });

  it("lets the sales of leads answered before a SIGTERM finish before the database closes", async () => {
    const { database, sql } = await databaseWithClient();
    // A buyer that takes its time to bid: sales are still under way when the signal comes.
    const buyer = await startBuyer({ ping: () => ({ json: { bid: "12.50" }, delayMs: 400 }) });
    cleanups.push(buyer.close);
    const app = await startAppProcess(
      {
        DATABASE_URL: database.url,
        LOG_LEVEL: "warn",
        LEAD_BUYERS: JSON.stringify([
          { name: "Slow buyer", pingUrl: buyer.pingUrl, postUrl: buyer.postUrl, secret: buyer.secret },
        ]),
      },
      { keepOutput: true },
    );
    await verifiedDomain(sql, "stop-drain.com");

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        postLeadOn(app.baseUrl, "stop-drain.com", `stop-${i}@example.com`),
      ),
    );
    const acknowledged = answers.filter((a) => a.status === 201).map((a) => a.id);
    expect(acknowledged).toHaveLength(12);
    await app.stop();

    expect(app.child.exitCode, app.output()).toBe(0);
    expect(app.output()).not.toMatch(/lead sale not started/);
    // Each sale ended (sold) or was never started in this process (pending, unclaimed: the resume
    // job of the next start takes it); none is left half done under a claim.
    const { rows } = await sql.query<{ sale_status: string; claimed: boolean }>(
      "select sale_status, sale_claimed_until > now() as claimed from leads where id = any($1::uuid[])",
      [acknowledged],
    );
    expect(rows).toHaveLength(12);
    for (const row of rows)
      expect(row.sale_status === "sold" || !row.claimed, JSON.stringify(row)).toBe(true);
    expect(rows.some((row) => row.sale_status === "sold")).toBe(true);
  });

  it("lets the requests whose clients hung up finish, with their sales, before the database closes", async () => {
    const { database, sql } = await databaseWithClient();
    const app = await startAppProcess(
      { DATABASE_URL: database.url, LOG_LEVEL: "warn" },
      { keepOutput: true },
    );
    await verifiedDomain(sql, "hang-up.com");

    // The domain's row is held, so the leads wait in their transactions; their clients hang up,
    // the stop comes, and only then are the leads let through.
    await sql.query("begin");
    await sql.query("select id from domains where name = 'hang-up.com' for update");
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        postLeadAndHangUp(app.baseUrl, "hang-up.com", `gone-${i}@example.com`, 300),
      ),
    );
    app.child.kill("SIGTERM");
    // Long enough for every other step of the stop to be done by then.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await sql.query("commit");
    await app.stop();

    expect(app.child.exitCode, app.output()).toBe(0);
    expect(app.output()).not.toMatch(/lead sale not started/);
    const { rows } = await sql.query<{ n: number; claimed: number }>(
      `select count(*)::int as n, count(*) filter (where sale_status = 'pending' and sale_claimed_until > now())::int as claimed
       from leads where host = 'hang-up.com'`,
    );
    // Every lead was stored after its client had gone, and none is left half sold.
    expect(rows[0]).toEqual({ n: 12, claimed: 0 });
  });
});
