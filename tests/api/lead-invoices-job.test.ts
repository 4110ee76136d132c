import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_INVOICES_CRON, LEAD_INVOICES_QUEUE } from "../../server/jobs/lead-invoices-job";
import { previousMonth } from "../../server/modules/lead-sales/issue-invoice";
import { addBiddingBuyer, leadOnNewParkedDomain } from "../factories/lead-buyers";
import { VISITOR_PROXY_ENV } from "../factories/leads";
import { signInStaff } from "../factories/staff";
import { eventually } from "../setup/eventually";
import { queueRunFromOtherInstance, startTestJobQueue } from "../setup/job-queue";
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

describe("the lead-invoices-monthly job queue", () => {
  it("is scheduled monthly in UTC, and a queued run invoices last month's buyers over the app's own pool", async () => {
    const staff = await signInStaff(t);
    const created = await addBiddingBuyer(staff, buyer, { name: "Monthly buyer" });
    expect(created.status).toBe(201);
    const lead = await leadOnNewParkedDomain(t);
    expect(lead.status).toBe(201);
    const month = previousMonth(new Date());
    await t.db.execute(
      sql`update leads set sold_at = ${`${month}-10T12:00:00Z`}::timestamptz where id = ${lead.body.id}`,
    );

    // Another instance asks for a run before this one starts its worker.
    const other = await queueRunFromOtherInstance(t, LEAD_INVOICES_QUEUE);
    const queue = await startTestJobQueue(t, { leadSales: t.deps.leadSales });
    try {
      const invoices = await eventually(
        async () =>
          (
            await t.db.execute<{ month: string; total: string }>(
              sql`select month, total::text as total from lead_invoices where buyer_id = ${created.body.id}`,
            )
          ).rows,
        (rows) => rows.length > 0,
        20_000,
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
