import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_EVENT_KINDS } from "../../shared/account-events";
import { REVENUE_PATHS, ZDashboardAnswer } from "../../shared/api/revenue";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("account-event kinds", () => {
  it("the migration renames the kinds once written with spaces, and the dashboard answers them in the shared list", async () => {
    const { agent, user } = await signUp(t.app);
    await t.db.execute(sql`
      insert into account_events (user_id, kind, description)
      values (${user.id}, 'order paid', 'Paid $99.99 for Appraisal'),
             (${user.id}, 'order refunded', 'The payment of $99.99 for Appraisal was refunded')
    `);

    for (const statement of readFileSync("migrations/0012_account_event_kinds.sql", "utf8").split(
      "--> statement-breakpoint",
    )) {
      await t.db.execute(sql.raw(statement));
    }

    const { rows } = await t.db.execute<{ kind: string }>(
      sql`select kind from account_events where user_id = ${user.id} order by kind`,
    );
    expect(rows.map((r) => r.kind)).toEqual(["order_paid", "order_refunded"]);
    const res = await agent.get(REVENUE_PATHS.dashboard);
    expect(res.status).toBe(200);
    const answer = ZDashboardAnswer.parse(res.body);
    expect(answer.recentEvents.map((e) => e.kind).sort()).toEqual(["order_paid", "order_refunded"]);
    expect(ACCOUNT_EVENT_KINDS).toContain("order_paid");
  });
});
