import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobQueue } from "../../server/jobs/job-queue";
import { LEAD_SALE_QUEUE } from "../../server/jobs/lead-sales-job";
import { salesSettled } from "../../server/modules/lead-sales/queue-sale";
import { LEADS_PATH } from "../../shared/api/leads/leads";
import { NOTIFICATIONS_PATHS } from "../../shared/api/notifications";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { insertDomain } from "../factories/domains";
import { HELD_LEADS_ENV, leadBody, visitorAddress } from "../factories/leads";
import { signUp } from "../factories/users";
import { eventually } from "../setup/eventually";
import { startTestJobQueue } from "../setup/job-queue";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
let queue: JobQueue;
beforeAll(async () => {
  // No buyer is configured: the sandbox buyer buys at the configured value (80).
  t = await createTestApp({ env: HELD_LEADS_ENV });
  queue = await startTestJobQueue(t, { leadSales: t.deps.leadSales, pollSeconds: 1 });
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

describe("the lead path answers once the lead is stored", () => {
  it("hands the sale to the job queue, which sells it, credits the owner and notifies them", async () => {
    const owner = await signUp(t.app);
    const domain = await insertDomain(t.db, owner.user.id, { status: "parked" });
    const res = await request(t.app)
      .post(LEADS_PATH)
      .set({ Host: domain.name, "X-Forwarded-For": visitorAddress() })
      .send(leadBody());
    expect(res.status).toBe(201);
    const leadId = res.body.id as string;

    // The lead was committed before the answer, and its sale is queued as a job of its own (sent
    // after the answer: the pending lead itself is what the resume job would find after a crash).
    await salesSettled(t.deps.leadSales);
    const stored = await t.db.execute<{ id: string }>(sql`select id from leads where id = ${leadId}`);
    expect(stored.rows).toHaveLength(1);
    const jobs = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = ${LEAD_SALE_QUEUE} and data->>'leadId' = ${leadId}`,
    );
    expect(jobs.rows[0].n).toBe(1);

    const sold = await eventually(
      async () =>
        (
          await t.db.execute<{ sale_status: string; value: string }>(
            sql`select sale_status, value::text as value from leads where id = ${leadId}`,
          )
        ).rows[0],
      (row) => row.sale_status === "sold",
      30_000,
    );
    expect(sold).toEqual({ sale_status: "sold", value: "80.00" });
    const balance = await owner.agent.get(PAYMENT_PATHS.balance);
    expect(balance.body).toMatchObject({ pendingBalance: "80.00" });
    const notes = await owner.agent.get(NOTIFICATIONS_PATHS.list);
    expect(JSON.stringify(notes.body)).toContain(`New lead on ${domain.name}`);
  });

  it("answers a refused lead with its 4xx and queues nothing", async () => {
    const owner = await signUp(t.app);
    const domain = await insertDomain(t.db, owner.user.id, { status: "parked" });
    const before = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = ${LEAD_SALE_QUEUE}`,
    );
    const res = await request(t.app)
      .post(LEADS_PATH)
      .set({ Host: domain.name, "X-Forwarded-For": visitorAddress() })
      .send(leadBody({ zipCode: "00000" }));
    expect(res.status).toBe(422);
    const after = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = ${LEAD_SALE_QUEUE}`,
    );
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});
