import { sql } from "drizzle-orm";
import type { Express } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { createDeps } from "../../server/deps";
import { parseConfig, readTotpKeys, sessionKeyId } from "../../server/lib/config";
import { createLogger } from "../../server/lib/logger";
import {
  createTotpKeys,
  prepareTotpSecrets,
  resealTotpSecrets,
} from "../../server/modules/auth/totp-secrets";
import { SECURITY_PATHS } from "../../shared/api/auth/security";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { enableTwoFactor, totpCode } from "../factories/two-factor";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

/**
 * Authenticator secrets are encrypted at rest (AES-256-GCM, `TOTP_ENCRYPTION_KEY`): a copy of
 * the table gives no codes, a key is rotated with `npm run totp:rotate-key`, and secrets stored
 * in clear before are encrypted at start.
 */
const OLD = `old:${"o".repeat(40)}`;
const NEW = `new:${"n".repeat(40)}`;
const SESSION_SECRET = "totp-encryption-test-session-secret";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TOTP_ENCRYPTION_KEY: OLD, SESSION_SECRET } });
});
afterAll(() => t.close());

const keysOf = (value: string | undefined) => createTotpKeys(readTotpKeys(value, SESSION_SECRET));

/** Another instance over the same database, configured with `TOTP_ENCRYPTION_KEY=value`. */
function instanceWith(value: string): Express {
  const config = parseConfig({
    ...process.env,
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SESSION_SECRET,
    TOTP_ENCRYPTION_KEY: value,
  });
  const deps = createDeps({
    config,
    logger: createLogger("silent"),
    database: t.database,
    pruneSessions: false,
  });
  return createApp(deps);
}

const storedRow = async (userId: string) =>
  (
    await t.db.execute<{ secret: string; secret_key_id: string | null }>(
      sql`select secret, secret_key_id from two_factor where user_id = ${userId}`,
    )
  ).rows[0];

/** Password, then a fresh authenticator code (the used-step guard reset, so a code can be reused). */
async function signInWithCode(
  app: Express,
  input: { email: string; password: string },
  userId: string,
  secret: string,
) {
  await t.db.execute(sql`update two_factor set last_used_step = null where user_id = ${userId}`);
  const agent = request.agent(app);
  const password = await agent
    .post(AUTH_PATHS.login)
    .send({ usernameOrEmail: input.email, password: input.password });
  expect(password.body).toMatchObject({ twoFactorRequired: true });
  return agent.post(SECURITY_PATHS.twoFactorVerify).send({ code: totpCode(secret) });
}

describe("authenticator secrets at rest", () => {
  it("are stored encrypted under the configured key, and two-factor sign-in still works", async () => {
    const { agent, input, user } = await signUp(t.app);
    const { secret } = await enableTwoFactor(agent);

    const row = await storedRow(user.id);
    expect(row.secret_key_id).toBe("old");
    expect(row.secret).not.toContain(secret);
    expect(row.secret).not.toMatch(/^[A-Z2-7]+=*$/);
    expect((await signInWithCode(t.app, input, user.id, secret)).status).toBe(200);
  });

  it("a sealed secret copied onto another account's row opens for no one", async () => {
    const victim = await signUp(t.app);
    const { secret } = await enableTwoFactor(victim.agent);
    const attacker = await signUp(t.app);
    await enableTwoFactor(attacker.agent);
    await t.db.execute(sql`
      update two_factor set secret = (select secret from two_factor where user_id = ${victim.user.id})
      where user_id = ${attacker.user.id}
    `);

    // The victim's codes do not sign in to the attacker's row: the value is bound to its user.
    const agent = request.agent(t.app);
    await agent
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: attacker.input.email, password: attacker.input.password });
    const res = await agent.post(SECURITY_PATHS.twoFactorVerify).send({ code: totpCode(secret) });
    expect(res.status).not.toBe(200);
    expect((await agent.get(AUTH_PATHS.me)).status).toBe(401);
  });

  it("rotation moves every secret to the new key; an instance holding only the new key signs them in", async () => {
    const { agent, input, user } = await signUp(t.app);
    const { secret } = await enableTwoFactor(agent);
    const before = await storedRow(user.id);

    const { resealed } = await resealTotpSecrets({ db: t.db, keys: keysOf(`${NEW},${OLD}`) });

    expect(resealed).toBeGreaterThanOrEqual(1);
    const after = await storedRow(user.id);
    expect(after.secret_key_id).toBe("new");
    expect(after.secret).not.toBe(before.secret);
    expect((await signInWithCode(instanceWith(NEW), input, user.id, secret)).status).toBe(200);
    // An instance that lost the new key refuses to start instead of locking everyone out.
    await expect(prepareTotpSecrets({ db: t.db, keys: keysOf(OLD) })).rejects.toThrow(
      /encrypted under .*"new"/,
    );
  });

  it("without TOTP_ENCRYPTION_KEY the key comes from SESSION_SECRET; a changed SESSION_SECRET stops the start, naming the key", async () => {
    const { agent, user } = await signUp(t.app);
    const { secret } = await enableTwoFactor(agent);
    await t.db.execute(
      sql`update two_factor set secret = ${secret}, secret_key_id = null where user_id = ${user.id}`,
    );
    await resealTotpSecrets({ db: t.db, keys: keysOf(undefined), only: "clear" });
    expect((await storedRow(user.id)).secret_key_id).toBe(sessionKeyId(SESSION_SECRET));

    const changed = createTotpKeys(readTotpKeys(undefined, "another-session-secret-0123"));
    await expect(prepareTotpSecrets({ db: t.db, keys: changed })).rejects.toThrow(
      `"${sessionKeyId(SESSION_SECRET)}"`,
    );
    // Moving back to the file's own key for the tests after this one.
    await resealTotpSecrets({ db: t.db, keys: keysOf(`${OLD},${NEW}`) });
  });

  it("a secret stored in clear before encryption is encrypted at start and still signs in", async () => {
    const { agent, input, user } = await signUp(t.app);
    const { secret } = await enableTwoFactor(agent);
    await t.db.execute(
      sql`update two_factor set secret = ${secret}, secret_key_id = null where user_id = ${user.id}`,
    );

    const { sealed } = await prepareTotpSecrets({ db: t.db, keys: keysOf(`${NEW},${OLD}`) });

    expect(sealed).toBe(1);
    const row = await storedRow(user.id);
    expect(row.secret_key_id).toBe("new");
    expect(row.secret).not.toContain(secret);
    expect((await signInWithCode(instanceWith(NEW), input, user.id, secret)).status).toBe(200);
  });
});
