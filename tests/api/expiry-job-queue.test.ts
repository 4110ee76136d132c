import { sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPIRY_WARNINGS_CRON, EXPIRY_WARNINGS_QUEUE } from "../../server/jobs/job-queue";
import { mailOutbox } from "../../shared/schema";
import { insertDomain } from "../factories/domains";
import { otherMailTo } from "../factories/email";
import { signUp } from "../factories/users";
import { eventually } from "../setup/eventually";
import { startTestJobQueue } from "../setup/job-queue";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the expiry-warnings job queue", () => {
  it("schedules the daily run and works a queued run over the app's own pool", async () => {
    const { user, input } = await signUp(t.app, { timeZone: "UTC" });
    await insertDomain(t.db, user.id, {
      name: "queued-expiry.com",
      // Noon UTC of the UTC day a week from today: 7 calendar days away at any time of day.
      expiryDate: new Date(`${new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)}T12:00:00Z`),
    });
    // Another app instance asks for a run before this one starts its worker.
    const pool = t.database.pool;
    const otherInstance = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) },
      supervise: false,
      schedule: false,
    });
    const queueErrors: unknown[] = [];
    otherInstance.on("error", (error) => queueErrors.push(error));
    await otherInstance.start();
    await otherInstance.createQueue(EXPIRY_WARNINGS_QUEUE);
    await otherInstance.send(EXPIRY_WARNINGS_QUEUE, {});

    const queue = await startTestJobQueue(t);
    try {
      const mails = await eventually(
        () => t.db.select().from(mailOutbox).where(otherMailTo(input.email)),
        (rows) => rows.length > 0,
      );
      expect(mails.map((m) => m.subject)).toEqual([
        "Domain expiry warning: queued-expiry.com expires in 7 days",
      ]);
      const schedules = await t.db.execute<{ name: string; cron: string; timezone: string }>(
        sql`select name, cron, timezone from pgboss.schedule where name = ${EXPIRY_WARNINGS_QUEUE}`,
      );
      expect(schedules.rows).toEqual([
        { name: EXPIRY_WARNINGS_QUEUE, cron: EXPIRY_WARNINGS_CRON, timezone: "UTC" },
      ]);
    } finally {
      await queue.stop();
      await otherInstance.stop({ graceful: false, wait: true });
    }
    expect(queueErrors).toEqual([]);
  });
});
