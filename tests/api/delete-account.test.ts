import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { BILLING_PATHS } from "../../shared/api/billing";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { REVENUE_PATHS } from "../../shared/api/revenue";
import { pathTo } from "../../shared/path-to";
import { subscribeInSandbox } from "../factories/billing";
import { addDomain } from "../factories/domains";
import { fundBalance } from "../factories/payments";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsOf = async (table: string, userId: string) =>
  (
    await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`,
    )
  ).rows[0].n;

describe("DELETE /api/auth/account", () => {
  it("refuses a signed-out visitor with 401", async () => {
    expect((await request(t.app).delete(AUTH_PATHS.account)).status).toBe(401);
  });

  it("asks for the password again when the sign-in is not recent, and deletes nothing", async () => {
    const owner = await signUp(t.app);
    await t.db.execute(
      sql`update session set sess = jsonb_set(sess::jsonb, '{authAt}', '0')::json where sess->>'userId' = ${owner.user.id}`,
    );
    const res = await owner.agent.delete(AUTH_PATHS.account);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("REAUTH_REQUIRED");
    expect(await rowsOf("domains", owner.user.id)).toBe(0);
    expect((await owner.agent.get(AUTH_PATHS.me)).status).toBe(200);
  });

  it("deletes the account and what it owns, ends every session, keeps the audit trail and frees the name", async () => {
    const owner = await signUp(t.app);
    const elsewhere = request.agent(t.app);
    await elsewhere
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: owner.input.email, password: owner.input.password })
      .expect(200);
    const domain = await addDomain(owner.agent);
    const goal = await owner.agent
      .post(REVENUE_PATHS.goals)
      .send({ category: "total", targetAmount: "100", timeframe: "monthly" });
    expect(goal.status, JSON.stringify(goal.body)).toBe(201);
    expect(await rowsOf("revenue_goals", owner.user.id)).toBe(1);

    const res = await owner.agent.delete(AUTH_PATHS.account);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe("Your account has been deleted.");
    expect((await owner.agent.get(AUTH_PATHS.me)).status).toBe(401);
    expect((await elsewhere.get(AUTH_PATHS.me)).status).toBe(401);
    const again = await request(t.app)
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: owner.input.email, password: owner.input.password });
    expect(again.status).toBe(401);
    expect(await rowsOf("domains", owner.user.id)).toBe(0);
    expect(await rowsOf("revenue_goals", owner.user.id)).toBe(0);
    const sessions = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from session where sess->>'userId' = ${owner.user.id}`,
    );
    expect(sessions.rows[0].n).toBe(0);
    const audit = await t.db.execute<{ event: string }>(
      sql`select event from audit_log where user_id = ${owner.user.id} order by created_at desc limit 1`,
    );
    expect(audit.rows[0].event).toBe("account_deleted");

    // The email and the domain name can be used again.
    const newcomer = await signUp(t.app, { email: owner.input.email, username: owner.input.username });
    expect((await newcomer.agent.post(DOMAIN_PATHS.list).send({ name: domain.name })).status).toBe(201);
  });

  it("refuses while the platform holds money for the user, and keeps everything", async () => {
    const owner = await signUp(t.app);
    await fundBalance(t.db, owner.user.id, "60.00");
    const res = await owner.agent.delete(AUTH_PATHS.account);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      "We hold $60.00 for you. Withdraw it from Payments before you delete your account.",
    );
    expect((await owner.agent.get(AUTH_PATHS.me)).status).toBe(200);
  });

  it("refuses while a subscription still renews, and deletes once it is cancelled", async () => {
    const owner = await signUp(t.app);
    const { sub } = await subscribeInSandbox(owner.agent);
    const refused = await owner.agent.delete(AUTH_PATHS.account);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("A subscription still renews");

    const cancelled = await owner.agent
      .post(pathTo(BILLING_PATHS.subscriptionCancel, { id: sub.id }))
      .send({});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await owner.agent.delete(AUTH_PATHS.account)).status).toBe(200);
  });
});
