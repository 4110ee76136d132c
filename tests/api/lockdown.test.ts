import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCKED_DOWN_MESSAGE } from "../../server/modules/auth/sign-in";
import { PASSKEY_PATHS } from "../../shared/api/auth/passkeys";
import { SECURITY_PATHS } from "../../shared/api/auth/security";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { apiKeys } from "../../shared/schema";
import { fundBalance } from "../factories/payments";
import { buySecurity } from "../factories/security";
import { signUp } from "../factories/users";
import { assert, registerPasskey } from "../factories/webauthn";
import { createTestApp, type TestApp } from "../setup/test-app";

/** `POST /api/security/lockdown` (incident-response add-on). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("lockdown", () => {
  it("is refused without the incident-response add-on (403 naming it)", async () => {
    const { agent } = await signUp(t.app);
    const res = await agent.post(SECURITY_PATHS.lockdown);
    expect(res.status).toBe(403);
    expect(res.body.message).toContain("Lockdown needs");
  });

  it("ends every other session, keeps the current one, and blocks a payout", async () => {
    const me = await signUp(t.app);
    const other = request.agent(t.app);
    await other
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: me.input.email, password: me.input.password })
      .expect(200);
    expect((await other.get(SECURITY_PATHS.auditLog)).status).toBe(200);
    await buySecurity(me.agent, ["incident-response"]);
    await fundBalance(t.db, me.user.id, "200.00");

    await t.db.insert(apiKeys).values({
      userId: me.user.id,
      name: "ci",
      hash: "h".repeat(64),
      prefix: "pp_test",
      last4: "abcd",
      scopes: ["read"],
    });
    expect((await me.agent.get(SECURITY_PATHS.lockdown)).body).toEqual({ lockedDown: false, since: null });
    const res = await me.agent.post(SECURITY_PATHS.lockdown);
    expect(res.status).toBe(200);
    const status = (await me.agent.get(SECURITY_PATHS.lockdown)).body;
    expect(status.lockedDown).toBe(true);
    expect(Date.parse(status.since)).toBeGreaterThan(Date.now() - 60_000);
    expect(res.body.endedSessions).toBeGreaterThanOrEqual(1);

    expect((await other.get(SECURITY_PATHS.auditLog)).status).toBe(401);
    const keys = await t.db.select().from(apiKeys).where(eq(apiKeys.userId, me.user.id));
    expect(keys.length).toBe(1);
    expect(keys.every((k) => k.revokedAt !== null)).toBe(true);
    expect(res.body.revokedApiKeys).toBe(1);
    expect((await me.agent.get(SECURITY_PATHS.auditLog)).status).toBe(200);

    const payout = await me.agent
      .post(PAYMENT_PATHS.payout)
      .send({ amount: 60, paypalEmail: "me@wallet.test" });
    expect(payout.status).toBe(403);
    expect(payout.body.message).toContain("frozen");

    // A new password ends the lockdown.
    await me.agent
      .post(AUTH_PATHS.changePassword)
      .send({ currentPassword: me.input.password, newPassword: "a-brand-new-password" })
      .expect(200);
    expect((await me.agent.get(SECURITY_PATHS.lockdown)).body).toEqual({ lockedDown: false, since: null });
  });

  it("takes the old password nowhere until a new one is chosen; a reset lets the owner in again", async () => {
    const me = await signUp(t.app);
    await buySecurity(me.agent, ["incident-response"]);
    await me.agent.post(SECURITY_PATHS.lockdown).expect(200);
    const login = (password: string, agent = request.agent(t.app)) =>
      agent.post(AUTH_PATHS.login).send({ usernameOrEmail: me.input.email, password });

    const intruder = request.agent(t.app);
    const refused = await login(me.input.password, intruder);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(LOCKED_DOWN_MESSAGE);
    expect((await intruder.get(AUTH_PATHS.me)).status).toBe(401);
    // A wrong password is told no more than before.
    expect((await login("not-the-password")).status).toBe(401);

    await request(t.app).post(SECURITY_PATHS.passwordReset).send({ email: me.input.email }).expect(202);
    const { rows } = await t.db.execute<{ body: string }>(
      sql`select body from mail_outbox where "to" = ${me.input.email} and body like '%/reset-password?token=%'`,
    );
    const token = /token=([\w-]+)/.exec(rows[0]?.body ?? "")?.[1];
    await request(t.app)
      .post(SECURITY_PATHS.passwordResetConfirm)
      .send({ token, password: "a-brand-new-password" })
      .expect(200);
    expect((await login("a-brand-new-password")).status).toBe(200);
    expect((await login(me.input.password)).status).toBe(401);
  });

  it("takes no passkey either until a new password is chosen: the intruder may have added it", async () => {
    const me = await signUp(t.app);
    await buySecurity(me.agent, ["incident-response", "biometric"]);
    const origin = t.deps.config.appUrl;
    const { credential } = await registerPasskey(me.agent, origin);
    const passwordless = async () => {
      const agent = request.agent(t.app);
      const options = await agent.post(PASSKEY_PATHS.loginOptions).send({});
      const res = await agent
        .post(PASSKEY_PATHS.loginVerify)
        .send({ response: assert(credential, options.body, origin) });
      return { res, me: await agent.get(AUTH_PATHS.me) };
    };
    expect((await passwordless()).res.status).toBe(200);
    await me.agent.post(SECURITY_PATHS.lockdown).expect(200);

    const refused = await passwordless();
    expect(refused.res.status).toBe(403);
    expect(refused.res.body.message).toBe(LOCKED_DOWN_MESSAGE);
    expect(refused.me.status).toBe(401);

    await me.agent
      .post(AUTH_PATHS.changePassword)
      .send({ currentPassword: me.input.password, newPassword: "a-brand-new-password" })
      .expect(200);
    expect((await passwordless()).me.status).toBe(200);
  });
});
