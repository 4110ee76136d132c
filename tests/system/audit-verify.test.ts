import { describe, expect, it } from "vitest";
import { npmRun } from "../setup/child-process";
import { serverDatabaseForTests } from "../setup/server-database";

/** `npm run audit:verify` against a PostgreSQL server: proves the chain, and names where it breaks. */
const database = serverDatabaseForTests();

const verify = () => npmRun("audit:verify", { DATABASE_URL: database.url }, { timeoutMs: 60_000 });

describe("npm run audit:verify", () => {
  it("holds on an untouched log and fails, naming the entry, after an edit", async () => {
    for (const event of ["sign_in", "password_changed", "sign_out"])
      await database.client.query("insert into audit_log (event, address) values ($1, '198.51.100.7')", [
        event,
      ]);
    const holds = await verify();
    expect(holds.code).toBe(0);
    expect(holds.stdout).toMatch(/The audit chain holds: 3 entries; head #3 [0-9a-f]{64}\./);

    const { rows } = await database.client.query("select id from audit_log where event = 'password_changed'");
    await database.client.query("alter table audit_log disable trigger audit_log_no_change");
    await database.client.query("update audit_log set address = '192.0.2.1' where id = $1", [rows[0].id]);
    await database.client.query("alter table audit_log enable trigger audit_log_no_change");

    const broken = await verify();
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`edited: entry ${rows[0].id} (#2)`);
  });
});
