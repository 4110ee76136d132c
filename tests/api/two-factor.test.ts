import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECURITY_PATHS } from "../../shared/api/auth/security";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { enableTwoFactor, totpCode } from "../factories/two-factor";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Signs in with the password only; answers the agent and the first answer. */
async function passwordStep(login: string, password: string) {
  const agent = request.agent(t.app);
  const res = await agent.post(AUTH_PATHS.login).send({ usernameOrEmail: login, password });
  return { agent, res };
}

/** Makes the agent's sign-in look older than the ten minutes that cover sensitive changes. */
async function ageSignIn(userId: string) {
  await t.db.execute(
    sql`update session set sess = jsonb_set(sess::jsonb, '{authAt}', '0')::json where sess->>'userId' = ${userId}`,
  );
}

describe("two-factor enrolment", () => {
  it("answers a secret, an otpauth URL and a QR code, and turns on with a code from that secret", async () => {
    const { agent, input } = await signUp(t.app);
    const setup = await agent.post(SECURITY_PATHS.twoFactorSetup).send({});
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toContain(`otpauth://totp/ParkPilot:${encodeURIComponent(input.email)}`);
    expect(setup.body.qrSvg).toContain("<svg");

    const wrong = await agent.post(SECURITY_PATHS.twoFactorEnable).send({ code: "000000" });
    expect(wrong.status).toBe(401);
    const enabled = await agent
      .post(SECURITY_PATHS.twoFactorEnable)
      .send({ code: totpCode(setup.body.secret) });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
    expect((await agent.get(SECURITY_PATHS.twoFactor)).body).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });

    const stored = await t.db.execute<{ code_hash: string }>(sql`select code_hash from recovery_codes`);
    const hashes = stored.rows.map((r) => r.code_hash);
    for (const code of enabled.body.recoveryCodes) expect(hashes).not.toContain(code);
  });
});

describe("signing in with two-factor on", () => {
  it("asks for a code after the password and opens no session until a right code arrives", async () => {
    const { agent: owner, input } = await signUp(t.app);
    const { secret } = await enableTwoFactor(owner);

    const { agent, res } = await passwordStep(input.username, input.password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ twoFactorRequired: true, secondFactors: { totp: true, webauthn: false } });
    expect((await agent.get(AUTH_PATHS.me)).status).toBe(401);

    expect((await agent.post(SECURITY_PATHS.twoFactorVerify).send({ code: "123456" })).status).toBe(401);
    const verified = await agent.post(SECURITY_PATHS.twoFactorVerify).send({ code: totpCode(secret, 1) });
    expect(verified.status).toBe(200);
    expect(verified.body.user.email).toBe(input.email);
    expect((await agent.get(AUTH_PATHS.me)).status).toBe(200);
  });

  it("refuses a code that was already accepted once", async () => {
    const { agent: owner, input } = await signUp(t.app);
    const { secret } = await enableTwoFactor(owner);
    const code = totpCode(secret, 1);

    const first = await passwordStep(input.email, input.password);
    expect((await first.agent.post(SECURITY_PATHS.twoFactorVerify).send({ code })).status).toBe(200);
    const replay = await passwordStep(input.email, input.password);
    const again = await replay.agent.post(SECURITY_PATHS.twoFactorVerify).send({ code });
    expect(again.status).toBe(401);
    expect((await replay.agent.get(AUTH_PATHS.me)).status).toBe(401);
  });

  it("accepts a recovery code once, then never again", async () => {
    const { agent: owner, input } = await signUp(t.app);
    const { recoveryCodes } = await enableTwoFactor(owner);

    const first = await passwordStep(input.username, input.password);
    const used = await first.agent
      .post(SECURITY_PATHS.twoFactorVerify)
      .send({ code: recoveryCodes[3].toUpperCase() });
    expect(used.status).toBe(200);
    expect((await first.agent.get(SECURITY_PATHS.twoFactor)).body.recoveryCodesLeft).toBe(9);

    const second = await passwordStep(input.username, input.password);
    expect(
      (await second.agent.post(SECURITY_PATHS.twoFactorVerify).send({ code: recoveryCodes[3] })).status,
    ).toBe(401);
  });

  it("refuses the code step without a correct password first", async () => {
    const res = await request(t.app).post(SECURITY_PATHS.twoFactorVerify).send({ code: "123456" });
    expect(res.status).toBe(401);
  });
});

describe("turning two-factor off and new recovery codes", () => {
  it("turns off only with a valid code, after which the password alone signs in", async () => {
    const { agent, input } = await signUp(t.app);
    const { secret } = await enableTwoFactor(agent);
    expect((await agent.post(SECURITY_PATHS.twoFactorDisable).send({ code: "000000" })).status).toBe(401);
    const off = await agent.post(SECURITY_PATHS.twoFactorDisable).send({ code: totpCode(secret, 1) });
    expect(off.status).toBe(200);
    const { res } = await passwordStep(input.username, input.password);
    expect(res.body.user.email).toBe(input.email);
  });

  it("replaces every recovery code with ten new ones", async () => {
    const { agent, input } = await signUp(t.app);
    const { secret, recoveryCodes } = await enableTwoFactor(agent);
    const fresh = await agent.post(SECURITY_PATHS.recoveryCodes).send({ code: totpCode(secret, 1) });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    const old = await passwordStep(input.username, input.password);
    expect(
      (await old.agent.post(SECURITY_PATHS.twoFactorVerify).send({ code: recoveryCodes[0] })).status,
    ).toBe(401);
  });
});

describe("re-authentication before sensitive changes", () => {
  it("asks for the password (and a code) again when the sign-in is older than ten minutes", async () => {
    const { agent, user, input } = await signUp(t.app);
    const { secret } = await enableTwoFactor(agent);
    await ageSignIn(user.id);

    const refused = await agent
      .post(AUTH_PATHS.changePassword)
      .send({ currentPassword: input.password, newPassword: "another-long-password" });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("REAUTH_REQUIRED");
    expect(
      (await agent.post(SECURITY_PATHS.twoFactorDisable).send({ code: totpCode(secret, 1) })).body.code,
    ).toBe("REAUTH_REQUIRED");
    const emailChange = await agent
      .put(AUTH_PATHS.profile)
      .send({ name: input.name, username: input.username, email: `new-${input.email}` });
    expect(emailChange.body.code).toBe("REAUTH_REQUIRED");
    const nameOnly = await agent
      .put(AUTH_PATHS.profile)
      .send({ name: "New Name", username: input.username, email: input.email });
    expect(nameOnly.status).toBe(200);

    const noCode = await agent.post(SECURITY_PATHS.reauthenticate).send({ password: input.password });
    expect(noCode.status).toBe(400);
    const wrongPassword = await agent
      .post(SECURITY_PATHS.reauthenticate)
      .send({ password: "wrong-password", code: totpCode(secret, 1) });
    expect(wrongPassword.status).toBe(400);
    const confirmed = await agent
      .post(SECURITY_PATHS.reauthenticate)
      .send({ password: input.password, code: totpCode(secret, 1) });
    expect(confirmed.status).toBe(200);

    const changed = await agent
      .post(AUTH_PATHS.changePassword)
      .send({ currentPassword: input.password, newPassword: "another-long-password" });
    expect(changed.status).toBe(200);
  });
});
