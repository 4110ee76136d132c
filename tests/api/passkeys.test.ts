import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSKEY_PATHS } from "../../shared/api/auth/passkeys";
import { SECURITY_PATHS } from "../../shared/api/auth/security";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { BILLING_PATHS } from "../../shared/api/billing";
import { pathTo } from "../../shared/path-to";
import { passkeys } from "../../shared/schema";
import { sweepAMonthLater } from "../factories/billing";
import { buySecurity } from "../factories/security";
import { enableTwoFactor, totpCode } from "../factories/two-factor";
import { signUp } from "../factories/users";
import { assert, createCredential, registerPasskey } from "../factories/webauthn";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  origin = t.deps.config.appUrl;
});
afterAll(() => t.close());

const BIOMETRIC = /Passkeys need the Biometric Login add-on of Enhanced Security/;
const PREMIUM_2FA = /Premium 2FA add-on of Enhanced Security/;

const passkeysOf = async (userId: string) => t.db.select().from(passkeys).where(eq(passkeys.userId, userId));

/** Signs in with the passkey alone from a new browser; answers the agent and the answer. */
async function passwordless(credential: Parameters<typeof assert>[0]) {
  const agent = request.agent(t.app);
  const options = await agent.post(PASSKEY_PATHS.loginOptions).send({});
  expect(options.status).toBe(200);
  const res = await agent
    .post(PASSKEY_PATHS.loginVerify)
    .send({ response: assert(credential, options.body, origin) });
  return { agent, res, options: options.body };
}

describe("without the add-on", () => {
  it("each passkey route answers 403 naming its add-on, and nothing is stored", async () => {
    const { agent, user } = await signUp(t.app);
    const passkey = await agent.post(PASSKEY_PATHS.registerOptions).send({ kind: "passkey" });
    expect(passkey.status).toBe(403);
    expect(passkey.body.message).toMatch(BIOMETRIC);
    const key = await agent.post(PASSKEY_PATHS.registerOptions).send({ kind: "security-key" });
    expect(key.status).toBe(403);
    expect(key.body.message).toMatch(PREMIUM_2FA);
    const required = await agent.put(PASSKEY_PATHS.requireTwoFactor).send({ required: true });
    expect(required.status).toBe(403);
    expect(required.body.message).toMatch(PREMIUM_2FA);
    // A forged answer without options is refused too.
    const { response } = createCredential({ challenge: "x", rp: {}, user: { id: "u" } }, origin);
    expect((await agent.post(PASSKEY_PATHS.registerVerify).send({ response })).status).toBe(400);
    expect(await passkeysOf(user.id)).toEqual([]);
    const list = await agent.get(PASSKEY_PATHS.list);
    expect(list.body).toMatchObject({ passkeys: [], addOns: { biometric: false, twoFactorPremium: false } });
  });

  it("another add-on (device management) does not unlock passkeys", async () => {
    const { agent } = await signUp(t.app);
    await buySecurity(agent, ["device-management"], "enterprise");
    const res = await agent.post(PASSKEY_PATHS.registerOptions).send({});
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(BIOMETRIC);
  });
});

describe("passkeys with the biometric add-on", () => {
  it("registers a passkey bound to the public origin, and signs in with it alone", async () => {
    const { agent, user, input } = await signUp(t.app);
    await buySecurity(agent, ["biometric"]);
    const options = await agent.post(PASSKEY_PATHS.registerOptions).send({});
    expect(options.status).toBe(200);
    expect(options.body.rp.id).toBe(new URL(origin).hostname);
    expect(options.body.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });

    // An answer made for another origin is refused, and spends the challenge.
    const forged = createCredential(options.body, "https://evil.example");
    const refused = await agent.post(PASSKEY_PATHS.registerVerify).send({ response: forged.response });
    expect(refused.status).toBe(400);
    expect(await passkeysOf(user.id)).toEqual([]);

    const { credential, passkey } = await registerPasskey(agent, origin, "passkey", "My laptop");
    expect(passkey).toMatchObject({ name: "My laptop", kind: "passkey" });
    const list = await agent.get(PASSKEY_PATHS.list);
    expect(list.body.passkeys).toEqual([
      expect.objectContaining({ id: passkey.id, name: "My laptop", usable: true }),
    ]);

    const { agent: other, res, options: loginOptions } = await passwordless(credential);
    expect(loginOptions.allowCredentials ?? []).toEqual([]);
    expect(loginOptions.userVerification).toBe("required");
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(input.email);
    expect((await other.get(AUTH_PATHS.me)).body.user.id).toBe(user.id);
    const audit = await other.get(SECURITY_PATHS.auditLog);
    expect(JSON.stringify(audit.body)).toContain("passkey_added");

    // The same assertion again (replay) is refused: its challenge is spent and its counter old.
    const replayAgent = request.agent(t.app);
    await replayAgent.post(PASSKEY_PATHS.loginOptions).send({});
    const stale = { ...credential, counter: credential.counter - 1 };
    const again = await replayAgent
      .post(PASSKEY_PATHS.loginVerify)
      .send({ response: assert(stale, { challenge: loginOptions.challenge }, origin) });
    expect(again.status).toBe(401);
    expect((await replayAgent.get(AUTH_PATHS.me)).status).toBe(401);
  });

  it("a passkey is the second factor after the password, and only the account's own", async () => {
    const owner = await signUp(t.app);
    await buySecurity(owner.agent, ["biometric"]);
    const { credential } = await registerPasskey(owner.agent, origin);
    const stranger = await signUp(t.app);
    await buySecurity(stranger.agent, ["biometric"]);
    const strangers = await registerPasskey(stranger.agent, origin);

    const agent = request.agent(t.app);
    const login = await agent
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: owner.input.email, password: owner.input.password });
    expect(login.body).toEqual({ twoFactorRequired: true, secondFactors: { totp: false, webauthn: true } });
    expect((await agent.get(AUTH_PATHS.me)).status).toBe(401);

    let options = await agent.post(PASSKEY_PATHS.loginOptions).send({});
    expect(options.body.allowCredentials.map((c: { id: string }) => c.id)).toEqual([credential.id]);
    const wrong = await agent
      .post(PASSKEY_PATHS.loginVerify)
      .send({ response: assert(strangers.credential, options.body, origin) });
    expect(wrong.status).toBe(401);
    expect((await agent.get(AUTH_PATHS.me)).status).toBe(401);

    options = await agent.post(PASSKEY_PATHS.loginOptions).send({});
    const ok = await agent
      .post(PASSKEY_PATHS.loginVerify)
      .send({ response: assert(credential, options.body, origin) });
    expect(ok.status).toBe(200);
    expect((await agent.get(AUTH_PATHS.me)).body.user.id).toBe(owner.user.id);
  });

  it("renames and removes a passkey; bad names are refused and change nothing", async () => {
    const { agent, user } = await signUp(t.app);
    await buySecurity(agent, ["biometric"]);
    const { passkey } = await registerPasskey(agent, origin);
    expect(passkey.name).toBe("Passkey 1");
    const renamed = await agent.patch(pathTo(PASSKEY_PATHS.one, { id: passkey.id })).send({ name: "Phone" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.passkeys[0].name).toBe("Phone");
    const blank = await agent.patch(pathTo(PASSKEY_PATHS.one, { id: passkey.id })).send({ name: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBeTruthy();
    const long = await agent
      .patch(pathTo(PASSKEY_PATHS.one, { id: passkey.id }))
      .send({ name: "x".repeat(61) });
    expect(long.status).toBe(400);
    expect((await passkeysOf(user.id))[0].name).toBe("Phone");

    const removed = await agent.delete(pathTo(PASSKEY_PATHS.one, { id: passkey.id }));
    expect(removed.status).toBe(200);
    expect(removed.body.passkeys).toEqual([]);
    expect(await passkeysOf(user.id)).toEqual([]);
  });
});

describe("Premium 2FA", () => {
  it("a security key is a second factor only, and two-factor can be required on every sign-in", async () => {
    const { agent, user, input } = await signUp(t.app);
    await buySecurity(agent, ["2fa-premium"]);
    // Premium 2FA alone does not unlock passkeys.
    expect((await agent.post(PASSKEY_PATHS.registerOptions).send({ kind: "passkey" })).status).toBe(403);
    const options = await agent.post(PASSKEY_PATHS.registerOptions).send({ kind: "security-key" });
    expect(options.body.authenticatorSelection.authenticatorAttachment).toBe("cross-platform");
    const registered = await registerPasskey(agent, origin, "security-key", "YubiKey");

    const alone = await passwordless(registered.credential);
    expect(alone.res.status).toBe(400);
    expect(alone.res.body.message).toMatch(/second factor/);
    expect((await alone.agent.get(AUTH_PATHS.me)).status).toBe(401);

    const required = await agent.put(PASSKEY_PATHS.requireTwoFactor).send({ required: true });
    expect(required.status).toBe(200);
    expect(required.body.requireTwoFactor).toBe(true);
    // The last second factor cannot be removed while it is required.
    const removing = await agent.delete(pathTo(PASSKEY_PATHS.one, { id: registered.passkey.id }));
    expect(removing.status).toBe(409);
    expect(await passkeysOf(user.id)).toHaveLength(1);

    const next = request.agent(t.app);
    const login = await next
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: input.email, password: input.password });
    expect(login.body.twoFactorRequired).toBe(true);
    const loginOptions = await next.post(PASSKEY_PATHS.loginOptions).send({});
    const ok = await next
      .post(PASSKEY_PATHS.loginVerify)
      .send({ response: assert(registered.credential, loginOptions.body, origin) });
    expect(ok.status).toBe(200);

    // With an authenticator app as well, the key can go.
    const { secret } = await enableTwoFactor(agent);
    expect((await agent.delete(pathTo(PASSKEY_PATHS.one, { id: registered.passkey.id }))).status).toBe(200);
    // ...and then the app is the last factor: it cannot be turned off until the requirement is.
    const off = await agent.post(SECURITY_PATHS.twoFactorDisable).send({ code: totpCode(secret, 1) });
    expect(off.status).toBe(409);
    expect((await agent.get(SECURITY_PATHS.twoFactor)).body.enabled).toBe(true);
    expect((await agent.put(PASSKEY_PATHS.requireTwoFactor).send({ required: false })).status).toBe(200);
    expect(
      (await agent.post(SECURITY_PATHS.twoFactorDisable).send({ code: totpCode(secret, 1) })).status,
    ).toBe(200);
  });
});

describe("when the add-on ends", () => {
  it("passkeys stop signing in and cannot be added; they stay listed, unusable, and removable", async () => {
    const { agent, user, input } = await signUp(t.app);
    const sub = await buySecurity(agent, ["biometric"]);
    const { credential, passkey } = await registerPasskey(agent, origin);
    expect((await passwordless(credential)).res.status).toBe(200);

    expect((await agent.post(pathTo(BILLING_PATHS.subscriptionCancel, { id: sub.id }))).status).toBe(200);
    await sweepAMonthLater(t, origin);

    const add = await agent.post(PASSKEY_PATHS.registerOptions).send({});
    expect(add.status).toBe(403);
    expect(add.body.message).toMatch(BIOMETRIC);
    const after = await passwordless(credential);
    expect(after.res.status).toBe(403);
    expect(after.res.body.message).toMatch(BIOMETRIC);
    expect((await after.agent.get(AUTH_PATHS.me)).status).toBe(401);
    // The password alone signs in again: an unusable passkey is no second factor.
    const login = await request
      .agent(t.app)
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: input.email, password: input.password });
    expect(login.body.user.id).toBe(user.id);

    const list = await agent.get(PASSKEY_PATHS.list);
    expect(list.body.passkeys).toEqual([expect.objectContaining({ id: passkey.id, usable: false })]);
    expect(list.body.addOns.biometric).toBe(false);
    expect((await agent.delete(pathTo(PASSKEY_PATHS.one, { id: passkey.id }))).status).toBe(200);
    const [{ n }] = (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from passkeys where user_id = ${user.id}`,
      )
    ).rows;
    expect(n).toBe(0);
  });
});

describe("passwordless attempts", () => {
  it("are counted per address like password attempts: past the limit, 429 before any check", async () => {
    const local = await createTestApp({ authLimits: { loginPerAddress: 3 } });
    try {
      const agent = request.agent(local.app);
      const stranger = createCredential({ challenge: "x", rp: {}, user: { id: "u" } }, origin).credential;
      for (let i = 0; i < 3; i++) {
        const options = await agent.post(PASSKEY_PATHS.loginOptions).send({});
        const res = await agent
          .post(PASSKEY_PATHS.loginVerify)
          .send({ response: assert(stranger, options.body, origin) });
        expect(res.status).toBe(401);
      }
      const options = await agent.post(PASSKEY_PATHS.loginOptions).send({});
      const limited = await agent
        .post(PASSKEY_PATHS.loginVerify)
        .send({ response: assert(stranger, options.body, origin) });
      expect(limited.status).toBe(429);
      expect(limited.headers["retry-after"]).toBeTruthy();
    } finally {
      await local.close();
    }
  });
});
