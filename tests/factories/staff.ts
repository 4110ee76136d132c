import request from "supertest";
import { expect } from "vitest";
import { grantStaffByEmail } from "../../server/modules/auth/staff";
import { SECURITY_PATHS } from "../../shared/api/auth/security";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { createTestApp, type TestApp } from "../setup/test-app";
import { confirmEmailLink } from "./email";
import { enableTwoFactor, totpCode } from "./two-factor";
import { signUp } from "./users";

/**
 * A staff member signed in with a second factor, as the console requires: registers an account,
 * confirms its address, grants it staff as the command line does, turns two-factor on and signs
 * in again with a code. `agent` carries that session.
 */
export async function signInStaff(t: TestApp) {
  const staff = await signUp(t.app);
  await confirmEmailLink(t.app, t.db, staff.input.email);
  const granted = await grantStaffByEmail({ db: t.db, mailer: t.deps.mailer, email: staff.input.email });
  if (!granted.done) throw new Error(`staff grant: ${granted.reason}`);
  const { secret } = await enableTwoFactor(staff.agent);
  const agent = request.agent(t.app);
  const first = await agent
    .post(AUTH_PATHS.login)
    .send({ usernameOrEmail: staff.input.email, password: staff.input.password });
  if (!first.body.twoFactorRequired)
    throw new Error(`staff sign-in: ${first.status} ${JSON.stringify(first.body)}`);
  const verified = await agent.post(SECURITY_PATHS.twoFactorVerify).send({ code: totpCode(secret, 1) });
  if (verified.status !== 200) throw new Error(`staff second factor: ${verified.status}`);
  return { agent, user: staff.user, input: staff.input, secret };
}

export type Staff = Awaited<ReturnType<typeof signInStaff>>;

/** A fresh app and a staff member signed in to it, for a file of console tests. */
export async function staffApp(
  options?: Parameters<typeof createTestApp>[0],
): Promise<{ t: TestApp; staff: Staff }> {
  const t = await createTestApp(options);
  return { t, staff: await signInStaff(t) };
}

/** Every console route of `routes` answers 404 to a signed-out visitor and to an owner who is not staff. */
export async function expectHiddenFromNonStaff(
  t: TestApp,
  routes: readonly (readonly ["get" | "post" | "patch" | "delete", string])[],
  body: object,
): Promise<void> {
  const owner = await signUp(t.app);
  for (const [method, path] of routes) {
    expect((await request(t.app)[method](path).send(body)).status, path).toBe(404);
    expect((await owner.agent[method](path).send(body)).status, path).toBe(404);
  }
}
