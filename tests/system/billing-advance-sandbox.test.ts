import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrations } from "../../server/db/migrate";
import { openDatabase } from "../../server/db/pool";
import { npmRun } from "../setup/child-process";
import { serverDatabaseForTests } from "../setup/server-database";

/**
 * `npm run billing:advance` moves a database's billing clock only when the database itself is
 * marked a sandbox: an unset NODE_ENV pointed at production's database is refused.
 */
const REFUSED = /not marked a sandbox.*npm run db:mark-sandbox/s;

const npm = (script: string, env: Record<string, string>, ...args: string[]) =>
  npmRun(script, env, { args, timeoutMs: 90_000 });

describe("billing:advance on a PostgreSQL server", () => {
  const database = serverDatabaseForTests();
  const offset = async () =>
    Number(
      (await database.client.query("select offset_seconds from billing_clock where id = 1")).rows[0]
        ?.offset_seconds ?? 0,
    );

  it("refuses an unmarked database, exit 1 with what to do, and leaves its clock alone", async () => {
    const refused = await npm("billing:advance", { DATABASE_URL: database.url }, "30");

    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(REFUSED);
    expect(await offset()).toBe(0);
  });

  it("refuses production's configuration before it opens the database", async () => {
    const refused = await npm("db:mark-sandbox", {
      DATABASE_URL: database.url,
      NODE_ENV: "production",
      SESSION_SECRET: "a-production-secret-0123",
    });

    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("never a sandbox");
    expect((await database.client.query("select 1 from database_marks")).rowCount).toBe(0);
  });

  it("moves the clock once the database is marked with db:mark-sandbox", async () => {
    expect((await npm("db:mark-sandbox", { DATABASE_URL: database.url })).code).toBe(0);

    const moved = await npm("billing:advance", { DATABASE_URL: database.url }, "30");

    expect(moved.code).toBe(0);
    expect(moved.stdout).toMatch(/Billing clock: .*subscriptions moved on/);
    expect(await offset()).toBe(30 * 86_400);
  });
});

describe("billing:advance on the embedded engine", () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), "parkpilot-sandbox-"));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("a data folder its first development start made is a sandbox", async () => {
    const moved = await npm("billing:advance", { PGLITE_DIR: path.join(folder, "new") }, "1");

    expect(moved.code).toBe(0);
    expect(moved.stdout).toMatch(/Billing clock: /);
  });

  it("a data folder made without the mark is refused until it is marked", async () => {
    const dir = path.join(folder, "unmarked");
    const made = await openDatabase({ pgliteDir: dir });
    await runMigrations(made.pool);
    await made.close();

    const refused = await npm("billing:advance", { PGLITE_DIR: dir }, "1");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(REFUSED);

    expect((await npm("db:mark-sandbox", { PGLITE_DIR: dir })).code).toBe(0);
    expect((await npm("billing:advance", { PGLITE_DIR: dir }, "1")).code).toBe(0);
  });
});
