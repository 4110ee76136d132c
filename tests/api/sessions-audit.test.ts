import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECURITY_PATHS } from "../../shared/api/auth/security";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { pathTo } from "../../shared/path-to";
import { enableTwoFactor, totpCode } from "../factories/two-factor";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** A second signed-in device of the same account. */
async function signInAgain(login: string, password: string, userAgent: string) {
  const agent = request.agent(t.app);
  const res = await agent
    .post(AUTH_PATHS.login)
    .set("User-Agent", userAgent)
    .send({ usernameOrEmail: login, password });
  expect(res.status).toBe(200);
  return agent;
}

describe("signed-in sessions", () => {
  it("lists each session with its device and times, this one marked", async () => {
    const { agent, input } = await signUp(t.app);
    await signInAgain(input.username, input.password, SAFARI_IPHONE);
    const res = await agent.get(SECURITY_PATHS.sessions);
    expect(res.status).toBe(200);
    expect(res.body.sessions).toHaveLength(2);
    const [current, other] = res.body.sessions;
    expect(current.current).toBe(true);
    expect(other).toMatchObject({ current: false, device: "Safari on iOS" });
    expect(Date.parse(other.signedInAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(other.id).toMatch(/^[a-f0-9]{32}$/);
    const sids = (await t.db.execute<{ sid: string }>(sql`select sid from session`)).rows.map((r) => r.sid);
    for (const s of res.body.sessions) expect(sids).not.toContain(s.id);
  });

  it("signs one other session out: that device gets 401, this one stays", async () => {
    const { agent, input } = await signUp(t.app);
    const phone = await signInAgain(input.username, input.password, SAFARI_IPHONE);
    const other = (await agent.get(SECURITY_PATHS.sessions)).body.sessions.find(
      (s: { current: boolean }) => !s.current,
    );
    const ended = await agent.delete(pathTo(SECURITY_PATHS.session, { id: other.id }));
    expect(ended.status).toBe(200);
    expect((await phone.get(AUTH_PATHS.me)).status).toBe(401);
    expect((await agent.get(AUTH_PATHS.me)).status).toBe(200);
  });

  it("signs out every other session at once", async () => {
    const { agent, input } = await signUp(t.app);
    const a = await signInAgain(input.username, input.password, FIREFOX);
    const b = await signInAgain(input.username, input.password, SAFARI_IPHONE);
    const res = await agent.delete(SECURITY_PATHS.sessions);
    expect(res.body).toEqual({ ended: 2 });
    expect((await a.get(AUTH_PATHS.me)).status).toBe(401);
    expect((await b.get(AUTH_PATHS.me)).status).toBe(401);
    expect((await agent.get(SECURITY_PATHS.sessions)).body.sessions).toHaveLength(1);
  });

  it("names the country a session's address is in, behind a trusted proxy", async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: "loopback" } });
    try {
      const { input } = await signUp(proxied.app);
      const agent = request.agent(proxied.app);
      await agent
        .post(AUTH_PATHS.login)
        .set("X-Forwarded-For", "81.2.69.160")
        .send({ usernameOrEmail: input.username, password: input.password });
      const [session] = (await agent.get(SECURITY_PATHS.sessions).set("X-Forwarded-For", "81.2.69.160")).body
        .sessions;
      expect(session).toMatchObject({ current: true, address: "81.2.69.160", place: "United Kingdom" });
    } finally {
      await proxied.close();
    }
  });

  it("cannot end another account's session", async () => {
    const victim = await signUp(t.app);
    const victimSession = (await victim.agent.get(SECURITY_PATHS.sessions)).body.sessions[0];
    const { agent } = await signUp(t.app);
    expect((await agent.delete(pathTo(SECURITY_PATHS.session, { id: victimSession.id }))).status).toBe(404);
    expect((await victim.agent.get(AUTH_PATHS.me)).status).toBe(200);
  });
});

describe("audit log", () => {
  it("records each security event with address, device and time, and shows the user their own", async () => {
    const { agent, input, user } = await signUp(t.app);
    await request(t.app)
      .post(AUTH_PATHS.login)
      .set("User-Agent", FIREFOX)
      .send({ usernameOrEmail: input.email, password: "wrong-password" });
    const { secret, recoveryCodes } = await enableTwoFactor(agent);
    const phone = request.agent(t.app);
    await phone
      .post(AUTH_PATHS.login)
      .set("User-Agent", SAFARI_IPHONE)
      .send({ usernameOrEmail: input.username, password: input.password });
    await phone
      .post(SECURITY_PATHS.twoFactorVerify)
      .set("User-Agent", SAFARI_IPHONE)
      .send({ code: totpCode(secret, 1) });
    await agent
      .post(AUTH_PATHS.changePassword)
      .send({ currentPassword: input.password, newPassword: "new-password-1" });
    await agent
      .put(AUTH_PATHS.profile)
      .send({ name: input.name, username: input.username, email: `x${input.email}` });
    await agent.delete(SECURITY_PATHS.sessions);
    await agent.post(SECURITY_PATHS.twoFactorDisable).send({ code: recoveryCodes[0] });

    const res = await agent.get(SECURITY_PATHS.auditLog);
    expect(res.status).toBe(200);
    const events = (res.body.events as { event: string }[]).map((e) => e.event).reverse();
    expect(events).toEqual([
      "account_created",
      "sign_in",
      "sign_in_failed",
      "two_factor_enabled",
      "sign_in",
      "password_changed",
      "email_change_requested",
      "other_sessions_ended",
      "two_factor_disabled",
    ]);
    const signIn = res.body.events.find(
      (e: { event: string; detail: { method: string } }) =>
        e.event === "sign_in" && e.detail.method !== "registration",
    );
    expect(signIn).toMatchObject({
      userId: user.id,
      device: "Safari on iOS",
      detail: { method: "password+authenticator" },
    });
    expect(signIn.address).toMatch(/127\.0\.0\.1/);
    expect(signIn.createdAt).toMatch(/Z$/);
  });

  it("shows no one else's events, and every account's only to staff", async () => {
    const other = await signUp(t.app);
    await other.agent.post(AUTH_PATHS.logout).send({});
    const { agent, user } = await signUp(t.app);
    const own = (await agent.get(SECURITY_PATHS.auditLog)).body.events as { userId: string }[];
    expect(own.every((e) => e.userId === user.id)).toBe(true);
    expect((await agent.get(SECURITY_PATHS.auditLogAll)).status).toBe(403);
    await t.db.execute(sql`update users set role = 'staff' where id = ${user.id}`);
    const all = (await agent.get(SECURITY_PATHS.auditLogAll)).body.events as {
      userId: string;
      event: string;
    }[];
    expect(all.some((e) => e.userId === other.user.id && e.event === "sign_out")).toBe(true);
  });

  it("refuses to change or delete a recorded event", async () => {
    await signUp(t.app).then((s) => s.agent.post(AUTH_PATHS.logout).send({}));
    await expect(t.db.execute(sql`update audit_log set event = 'nothing'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});
