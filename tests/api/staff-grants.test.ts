import { and, eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { grantAdminEmails, grantStaffByEmail } from "../../server/modules/auth/staff";
import { ADMIN_PAYOUTS_PATHS } from "../../shared/api/admin/payouts";
import { ADMIN_USERS_PATHS } from "../../shared/api/admin/users";
import { EMAIL_PATHS } from "../../shared/api/auth/email";
import { SECURITY_PATHS } from "../../shared/api/auth/security";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { auditLog, users } from "../../shared/schema";
import { confirmationToken, confirmEmailLink } from "../factories/email";
import { signInStaff } from "../factories/staff";
import { enableTwoFactor, totpCode } from "../factories/two-factor";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

const LISTED = ["root@example.com", "ops@example.com", "lead@example.com", "owner@example.com"];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: LISTED.join(",") } });
});
afterAll(() => t.close());

/** A restart: the start-up staff sync over the same database, then a new app on it. */
async function restart() {
  await grantAdminEmails({ db: t.db, mailer: t.deps.mailer, emails: t.deps.config.adminEmails });
  return createApp(t.deps);
}

/** Enrols TOTP as the attacker would, signs in again with a code, and opens the console's lists. */
async function consoleAs(app: ReturnType<typeof createApp>, who: Awaited<ReturnType<typeof signUp>>) {
  const { secret } = await enableTwoFactor(who.agent);
  const agent = request.agent(app);
  const first = await agent
    .post(AUTH_PATHS.login)
    .send({ usernameOrEmail: who.input.username, password: who.input.password });
  expect(first.body.twoFactorRequired).toBe(true);
  await agent
    .post(SECURITY_PATHS.twoFactorVerify)
    .send({ code: totpCode(secret, 1) })
    .expect(200);
  return {
    users: (await agent.get(ADMIN_USERS_PATHS.list)).status,
    payouts: (await agent.get(ADMIN_PAYOUTS_PATHS.list)).status,
  };
}

const roleOf = async (id: string) =>
  (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0].role;
const mailsTo = async (email: string) =>
  (
    await t.db.execute<{ subject: string; body: string }>(
      sql`select subject, body from mail_outbox where lower("to") = lower(${email}) order by created_at desc`,
    )
  ).rows;

describe("who becomes staff", () => {
  it("an account that changes its email to a listed address is not staff after a restart", async () => {
    const attacker = await signUp(t.app);
    await confirmEmailLink(t.app, t.db, attacker.input.email);
    await attacker.agent
      .put(AUTH_PATHS.profile)
      .send({ name: attacker.input.name, username: attacker.input.username, email: "root@example.com" })
      .expect(200);

    const app = await restart();

    expect(await roleOf(attacker.user.id)).toBe("user");
    expect(await consoleAs(app, attacker)).toEqual({ users: 404, payouts: 404 });
  });

  it("an account registered first with a listed address is not staff after a restart", async () => {
    const attacker = await signUp(t.app, { email: "ops@example.com" });
    // The mailbox's owner is warned what opening the link would do, and for which account.
    const [mail] = await mailsTo("ops@example.com");
    expect(mail.body).toContain(`opening the link makes the account ${attacker.input.username}`);
    const app = await restart();
    expect(await roleOf(attacker.user.id)).toBe("user");
    expect(await consoleAs(app, attacker)).toEqual({ users: 404, payouts: 404 });
  });

  it("an unconfirmed registration does not keep a listed address from its owner: the owner registers it too, proves it, and the squatter loses it", async () => {
    const squatter = await signUp(t.app, { email: "Owner@Example.com" });
    const squattersToken = await confirmationToken(t.db, "owner@example.com");
    // An address that is not listed stays one account's.
    const plain = await signUp(t.app);
    const copy = await request(t.app)
      .post(AUTH_PATHS.register)
      .send({ ...plain.input, username: `copy${Date.now().toString(36)}` });
    expect(copy.status).toBe(409);

    const owner = await signUp(t.app, { email: "owner@example.com" });
    await confirmEmailLink(t.app, t.db, "owner@example.com");

    expect(await roleOf(owner.user.id)).toBe("staff");
    const [held] = await t.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, squatter.user.id));
    expect(held.email).toBe(`released-${squatter.user.id}@address.invalid`);
    const [released] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, squatter.user.id), eq(auditLog.event, "email_released")));
    expect(released.detail).toMatchObject({ email: "owner@example.com" });
    // The squatter's own link proves nothing now, and its account is no staff.
    expect((await request(t.app).post(EMAIL_PATHS.confirm).send({ token: squattersToken })).status).toBe(400);
    expect(await roleOf(squatter.user.id)).toBe("user");
    const signIn = await request(t.app)
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: "owner@example.com", password: owner.input.password });
    expect(signIn.status).toBe(200);
  });

  it("the owner of a listed address becomes staff by opening its link: audited and mailed to the other staff", async () => {
    const colleague = await signInStaff(t);
    const owner = await signUp(t.app, { email: "lead@example.com" });
    const res = await request(t.app)
      .post(EMAIL_PATHS.confirm)
      .send({ token: await confirmationToken(t.db, "lead@example.com") });
    expect(res.status).toBe(200);

    expect(await roleOf(owner.user.id)).toBe("staff");
    expect(await consoleAs(t.app, owner)).toEqual({ users: 200, payouts: 200 });
    const [grant] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, owner.user.id), eq(auditLog.event, "staff_granted")));
    expect(grant.detail).toEqual({ by: "ADMIN_EMAILS" });
    const [told] = await mailsTo(colleague.input.email);
    expect(told.subject).toBe("lead@example.com is now ParkPilot staff");
    expect(told.body).toContain("npm run admin:revoke -- lead@example.com");
  });

  it("a listed address confirmed through a change of email makes staff at start", async () => {
    const owner = await signUp(t.app);
    await owner.agent
      .put(AUTH_PATHS.profile)
      .send({ name: owner.input.name, username: owner.input.username, email: "root@example.com" })
      .expect(200);
    // The earlier attacker asked for the same address; only the mailbox's owner holds this link.
    await confirmEmailLink(t.app, t.db, "root@example.com");
    expect(await roleOf(owner.user.id)).toBe("staff");
    await restart();
    expect(await roleOf(owner.user.id)).toBe("staff");
  });

  it("the command line refuses an unconfirmed address unless told, and every grant is audited and mailed", async () => {
    const colleague = await signInStaff(t);
    const someone = await signUp(t.app);
    const refused = await grantStaffByEmail({ db: t.db, mailer: t.deps.mailer, email: someone.input.email });
    expect(refused).toEqual({ done: false, reason: "unconfirmed" });
    expect(await roleOf(someone.user.id)).toBe("user");

    const granted = await grantStaffByEmail({
      db: t.db,
      mailer: t.deps.mailer,
      email: someone.input.email,
      allowUnconfirmed: true,
    });
    expect(granted).toEqual({ done: true, email: someone.input.email });
    const [grant] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, someone.user.id), eq(auditLog.event, "staff_granted")));
    expect(grant).toMatchObject({ detail: { by: "command line" }, address: "command line" });
    expect((await mailsTo(colleague.input.email)).map((m) => m.subject)).toContain(
      `${someone.input.email} is now ParkPilot staff`,
    );
    expect((await mailsTo(someone.input.email)).map((m) => m.subject)).not.toContain(
      `${someone.input.email} is now ParkPilot staff`,
    );
  });
});
