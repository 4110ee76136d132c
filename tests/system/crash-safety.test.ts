import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type AppProcess, startAppProcess } from "../setup/app-process";
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
});
