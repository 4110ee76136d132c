import request from "supertest";
import { grantStaffByEmail } from "../../server/modules/admin/staff";
import type { TestApp } from "../setup/test-app";
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
    .post("/api/auth/login")
    .send({ usernameOrEmail: staff.input.email, password: staff.input.password });
  if (!first.body.twoFactorRequired)
    throw new Error(`staff sign-in: ${first.status} ${JSON.stringify(first.body)}`);
  const verified = await agent.post("/api/auth/2fa/verify").send({ code: totpCode(secret, 1) });
  if (verified.status !== 200) throw new Error(`staff second factor: ${verified.status}`);
  return { agent, user: staff.user, input: staff.input, secret };
}
