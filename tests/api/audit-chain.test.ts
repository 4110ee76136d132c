import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAuditChain } from "../../server/modules/audit/audit-chain";
import { recordAudit } from "../../server/modules/audit/audit-log";
import { auditLog } from "../../shared/schema";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

/** The audit log's hash chain (issue: Enhanced Security, audit logs): what `npm run audit:verify` proves. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const meta = { address: "203.0.113.9", userAgent: "chain-test" };

/** Someone with the database owner's rights, going around the append-only trigger. */
async function tamper(statement: ReturnType<typeof sql>) {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_log disable trigger audit_log_no_change`);
    await tx.execute(statement);
    await tx.execute(sql`alter table audit_log enable trigger audit_log_no_change`);
  });
}

describe("audit chain", () => {
  it("chains every entry, concurrent writers included, and the check holds", async () => {
    const { user } = await signUp(t.app);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        recordAudit(t.db, { userId: user.id, event: "sign_in", meta, detail: { i } }),
      ),
    );
    const rows = await t.db.select().from(auditLog).orderBy(auditLog.seq);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(rows[0].prevHash).toBeNull();
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i].seq).toBeGreaterThan(rows[i - 1].seq ?? 0);
      expect(rows[i].prevHash).toBe(rows[i - 1].hash);
      expect(rows[i].hash).toMatch(/^[0-9a-f]{64}$/);
    }
    const report = await verifyAuditChain(t.db);
    expect(report.breaks).toEqual([]);
    expect(report.entries).toBe(rows.length);
    expect(report.head).toEqual({ seq: rows.at(-1)?.seq, hash: rows.at(-1)?.hash });
  });

  it("still refuses an edit through the application's rights", async () => {
    await expect(t.db.execute(sql`update audit_log set event = 'sign_out'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });

  it("detects an edited entry, a removed one and one written around the chain", async () => {
    const { user } = await signUp(t.app);
    for (const i of [1, 2, 3, 4])
      await recordAudit(t.db, { userId: user.id, event: "sign_in", meta, detail: { i } });
    const mine = await t.db.execute<{ id: string; seq: string }>(
      sql`select id, seq from audit_log where user_id = ${user.id} and event = 'sign_in' order by seq`,
    );
    const [first, second, , fourth] = mine.rows;

    await tamper(sql`update audit_log set detail = '{"i": 99}'::jsonb where id = ${first.id}`);
    let report = await verifyAuditChain(t.db);
    expect(report.breaks).toEqual([{ seq: Number(first.seq), id: first.id, problem: "edited" }]);

    // Re-hashing the edited entry moves the break to the next link.
    await tamper(sql`
      update audit_log set hash = audit_entry_hash(prev_hash, seq, id, user_id, event, address, user_agent, detail, created_at)
      where id = ${first.id}`);
    report = await verifyAuditChain(t.db);
    expect(report.breaks).toEqual([{ seq: Number(second.seq), id: second.id, problem: "gap" }]);

    await tamper(sql`delete from audit_log where id = ${second.id}`);
    await tamper(sql`alter table audit_log disable trigger audit_log_chain`);
    await t.db.insert(auditLog).values({ userId: user.id, event: "sign_out" });
    await tamper(sql`alter table audit_log enable trigger audit_log_chain`);
    report = await verifyAuditChain(t.db);
    const problems = report.breaks.map((b) => b.problem);
    expect(problems).toContain("gap");
    expect(problems).toContain("unchained");
    expect(report.breaks.find((b) => b.problem === "gap")?.seq).toBeLessThanOrEqual(Number(fourth.seq));
  });
});
