import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bareEnv, start } from "../setup/child-process";
import { createServerDatabase } from "../setup/test-database";

/** `npm run audit:verify` against a PostgreSQL server: proves the chain, and names where it breaks. */
const repo = path.resolve(import.meta.dirname, "../..");
let database: Awaited<ReturnType<typeof createServerDatabase>>;
let client: pg.Client;
beforeAll(async () => {
  database = await createServerDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await database.drop();
});

const verify = () =>
  start("npm", ["run", "--silent", "audit:verify"], {
    cwd: repo,
    env: bareEnv({ DATABASE_URL: database.url }),
    timeoutMs: 60_000,
  }).exited;

describe("npm run audit:verify", () => {
  it("holds on an untouched log and fails, naming the entry, after an edit", async () => {
    for (const event of ["sign_in", "password_changed", "sign_out"])
      await client.query("insert into audit_log (event, address) values ($1, '198.51.100.7')", [event]);
    const holds = await verify();
    expect(holds.code).toBe(0);
    expect(holds.stdout).toMatch(/The audit chain holds: 3 entries; head #3 [0-9a-f]{64}\./);

    const { rows } = await client.query("select id from audit_log where event = 'password_changed'");
    await client.query("alter table audit_log disable trigger audit_log_no_change");
    await client.query("update audit_log set address = '192.0.2.1' where id = $1", [rows[0].id]);
    await client.query("alter table audit_log enable trigger audit_log_no_change");

    const broken = await verify();
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`edited: entry ${rows[0].id} (#2)`);
  });
});
