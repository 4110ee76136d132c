import { sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startJobQueue } from "../../server/jobs/job-queue";
import { LEAD_INVOICES_CRON, LEAD_INVOICES_QUEUE } from "../../server/jobs/lead-invoices-job";
import { previousMonth } from "../../server/modules/lead-sales/issue-invoice";
import { insertDomain } from "../factories/domains";
import { VISITOR_PROXY_ENV, visitorLead } from "../factories/leads";
import { signInStaff } from "../factories/staff";
import { signUp } from "../factories/users";
import { type BuyerServer, startBuyer } from "../setup/lead-buyer-server";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
let buyer: BuyerServer;
beforeAll(async () => {
  buyer = await startBuyer({ ping: () => ({ json: { bid: "42.00" } }) });
  t = await createTestApp({ env: { ...VISITOR_PROXY_ENV, LEAD_POST_TIMEOUT_MS: "3000" } });
});
afterAll(async () => {
  t.deps.leadSales.circuits.shutdown();
  await t.close();
  await buyer.close();
});

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("the lead-invoices-monthly job queue", () => {
  it("is scheduled monthly in UTC, and a queued run invoices last month's buyers over the app's own pool", async () => {
    const staff = await signInStaff(t);
    const created = await staff.agent.post("/api/admin/lead-buyers").send({
      name: "Monthly buyer",
      pingUrl: buyer.pingUrl,
      postUrl: buyer.postUrl,
      secret: buyer.secret,
      priceModel: "bid",
    });
    expect(created.status).toBe(201);
    const owner = await signUp(t.app);
    const domain = await insertDomain(t.db, owner.user.id, { status: "parked" });
    const lead = await visitorLead(t.app, domain.name);
    expect(lead.status).toBe(201);
    const month = previousMonth(new Date());
    await t.db.execute(
      sql`update leads set sold_at = ${`${month}-10T12:00:00Z`}::timestamptz where id = ${lead.body.id}`,
    );

    // Another instance asks for a run before this one starts its worker.
    const pool = t.database.pool;
    const other = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) },
      supervise: false,
      schedule: false,
    });
    await other.start();
    await other.createQueue(LEAD_INVOICES_QUEUE, { name: LEAD_INVOICES_QUEUE, policy: "singleton" });
    await other.send(LEAD_INVOICES_QUEUE, {});
    const queue = await startJobQueue({
      pool,
      serializeStart: t.database.engine === "postgres",
      db: t.db,
      mailer: t.deps.mailer,
      logger: t.deps.logger,
      leadSales: t.deps.leadSales,
    });
    try {
      const invoices = await eventually(
        async () =>
          (
            await t.db.execute<{ month: string; total: string }>(
              sql`select month, total::text as total from lead_invoices where buyer_id = ${created.body.id}`,
            )
          ).rows,
        (rows) => rows.length > 0,
      );
      expect(invoices).toEqual([{ month, total: "42.00" }]);
      const schedules = await t.db.execute<{ cron: string; timezone: string }>(
        sql`select cron, timezone from pgboss.schedule where name = ${LEAD_INVOICES_QUEUE}`,
      );
      expect(schedules.rows).toEqual([{ cron: LEAD_INVOICES_CRON, timezone: "UTC" }]);
    } finally {
      await queue.stop();
      await other.stop({ graceful: false, wait: true });
    }
  });
});
