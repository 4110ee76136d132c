import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordStaffAction } from "../../server/modules/admin/staff-gate";
import { grantAdminEmails, grantStaffByEmail, revokeStaff } from "../../server/modules/auth/staff";
import { ADMIN_CONSOLE_PATHS } from "../../shared/api/admin/console";
import { SECURITY_PATHS } from "../../shared/api/auth/security";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { auditLog, users } from "../../shared/schema";
import { confirmEmailLink } from "../factories/email";
import { enableTwoFactor, totpCode } from "../factories/two-factor";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
const ADMIN = "boss@example.com";

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ` Boss@Example.com , other@example.com` } });
});
afterAll(() => t.close());

const roleOf = async (id: string) =>
  (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0].role;

/** Signs in again with the password and the authenticator code: a session with a second factor. */
async function signInWithCode(email: string, password: string, secret: string) {
  const agent = request.agent(t.app);
  const first = await agent.post(AUTH_PATHS.login).send({ usernameOrEmail: email, password }).expect(200);
  expect(first.body.twoFactorRequired).toBe(true);
  await agent
    .post(SECURITY_PATHS.twoFactorVerify)
    .send({ code: totpCode(secret, 1) })
    .expect(200);
  return agent;
}

describe("staff gate", () => {
  it("makes an ADMIN_EMAILS address staff once its link is opened (case and spaces ignored), no one else", async () => {
    const boss = await signUp(t.app, { email: ADMIN });
    const someone = await signUp(t.app);
    expect(await roleOf(boss.user.id)).toBe("user");
    await confirmEmailLink(t.app, t.db, ADMIN);
    await confirmEmailLink(t.app, t.db, someone.input.email);
    expect(await roleOf(boss.user.id)).toBe("staff");
    expect(await roleOf(someone.user.id)).toBe("user");
  });

  it("grants existing confirmed accounts at start, and the grant can be revoked", async () => {
    const later = await signUp(t.app);
    await confirmEmailLink(t.app, t.db, later.input.email);
    await grantAdminEmails({ db: t.db, mailer: t.deps.mailer, emails: [later.input.email.toLowerCase()] });
    expect(await roleOf(later.user.id)).toBe("staff");
    expect(await revokeStaff(t.db, later.input.email.toUpperCase())).toBe(later.input.email);
    expect(await roleOf(later.user.id)).toBe("user");
    expect(await grantStaffByEmail({ db: t.db, mailer: t.deps.mailer, email: "nobody@example.com" })).toEqual(
      {
        done: false,
        reason: "no account",
      },
    );
  });

  it("answers 404 like an unknown route to signed-out users, non-staff, and staff signed in without a second factor", async () => {
    const signedOut = await request(t.app).get(ADMIN_CONSOLE_PATHS.me);
    expect(signedOut.status).toBe(404);
    expect(signedOut.body.message).toBe("No API route for GET /api/admin/me");

    const user = await signUp(t.app);
    const { secret } = await enableTwoFactor(user.agent);
    const userWithCode = await signInWithCode(user.input.email, user.input.password, secret);
    expect((await userWithCode.get(ADMIN_CONSOLE_PATHS.me)).status).toBe(404);

    const staff = await signUp(t.app, { email: "other@example.com" });
    await confirmEmailLink(t.app, t.db, "other@example.com");
    expect(await roleOf(staff.user.id)).toBe("staff");
    expect((await staff.agent.get(ADMIN_CONSOLE_PATHS.me)).status).toBe(404);
  });

  it("lets staff in once they signed in with a second factor, until staff is revoked", async () => {
    const staff = await signUp(t.app, { email: "third@example.com" });
    await confirmEmailLink(t.app, t.db, "third@example.com");
    await grantStaffByEmail({ db: t.db, mailer: t.deps.mailer, email: "third@example.com" });
    const { secret } = await enableTwoFactor(staff.agent);
    // Turning 2FA on does not upgrade the session it was turned on in: only a sign-in with a code does.
    expect((await staff.agent.get(ADMIN_CONSOLE_PATHS.me)).status).toBe(404);
    const agent = await signInWithCode(staff.input.email, staff.input.password, secret);
    const me = await agent.get(ADMIN_CONSOLE_PATHS.me).expect(200);
    expect(me.body.staff).toMatchObject({ id: staff.user.id, email: "third@example.com" });

    await revokeStaff(t.db, "third@example.com");
    expect((await agent.get(ADMIN_CONSOLE_PATHS.me)).status).toBe(404);
  });

  it("writes a staff action to the audit log with the staff id, the action and the object", async () => {
    const staff = await signUp(t.app);
    await recordStaffAction(
      t.db,
      { address: "127.0.0.1", userAgent: "test" },
      {
        staffId: staff.user.id,
        action: "work_order.updated",
        object: { kind: "work_order", id: "wo-1" },
      },
    );
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, staff.user.id), eq(auditLog.event, "staff_action")));
    expect(row.event).toBe("staff_action");
    expect(row.detail).toEqual({ action: "work_order.updated", object: { kind: "work_order", id: "wo-1" } });
  });
});
