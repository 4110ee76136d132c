import { count, eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECURITY_PATHS } from "../../shared/api/auth/security";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { mailOutbox } from "../../shared/schema";
import { enableTwoFactor } from "../factories/two-factor";
import { signUp } from "../factories/users";
import { startSmtpSink } from "../setup/smtp-sink";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://app.parkpilot.test" } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const outboxSize = async () => (await t.db.select({ n: count() }).from(mailOutbox))[0].n;

/** Asks for a reset link and reads it from the mail the SMTP server received. */
async function resetLinkFor(email: string) {
  const res = await request(t.app)
    .post(SECURITY_PATHS.passwordReset)
    .set("Host", "evil.example")
    .send({ email: email.toUpperCase() });
  expect(res.status).toBe(202);
  const mail = await smtp.mailTo(email, 5000, "Reset your ParkPilot password");
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in: ${mail.text}`);
  return new URL(link);
}

describe("forgotten password", () => {
  it("mails a link on PUBLIC_URL that sets a new password once and ends every session", async () => {
    const { agent, input } = await signUp(t.app);
    const link = await resetLinkFor(input.email);
    expect(link.origin).toBe("https://app.parkpilot.test");
    expect(link.pathname).toBe("/reset-password");
    const token = link.searchParams.get("token") ?? "";

    const stored = await t.db.execute<{ token_hash: string }>(sql`select token_hash from password_resets`);
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(token);

    const done = await request(t.app)
      .post(SECURITY_PATHS.passwordResetConfirm)
      .send({ token, password: "a-brand-new-password" });
    expect(done.status).toBe(200);
    expect((await agent.get(AUTH_PATHS.me)).status).toBe(401);

    const oldPassword = await request(t.app)
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: input.email, password: input.password });
    expect(oldPassword.status).toBe(401);
    const newPassword = await request(t.app)
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: input.email, password: "a-brand-new-password" });
    expect(newPassword.status).toBe(200);

    const again = await request(t.app)
      .post(SECURITY_PATHS.passwordResetConfirm)
      .send({ token, password: "yet-another-password" });
    expect(again.status).toBe(400);
  });

  it("answers 202 for an address without an account and sends nothing", async () => {
    const outboxBefore = await outboxSize();
    const res = await request(t.app).post(SECURITY_PATHS.passwordReset).send({ email: "nobody@example.com" });
    expect(res.status).toBe(202);
    // Every mail is written to the outbox before the answer, in the request's transaction: an
    // outbox unchanged once the answer is here is a mail never sent.
    expect(await outboxSize()).toBe(outboxBefore);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, "nobody@example.com"))).toEqual([]);
  });

  it("refuses a link older than 30 minutes", async () => {
    const { input } = await signUp(t.app);
    const token = (await resetLinkFor(input.email)).searchParams.get("token") ?? "";
    await t.db.execute(sql`update password_resets set expires_at = now() - interval '1 second'`);
    const res = await request(t.app)
      .post(SECURITY_PATHS.passwordResetConfirm)
      .send({ token, password: "a-brand-new-password" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/expired/);
  });

  it("still asks for the second factor at the next sign-in", async () => {
    const { agent, input } = await signUp(t.app);
    await enableTwoFactor(agent);
    const token = (await resetLinkFor(input.email)).searchParams.get("token") ?? "";
    await request(t.app)
      .post(SECURITY_PATHS.passwordResetConfirm)
      .send({ token, password: "a-brand-new-password" });
    const res = await request(t.app)
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: input.username, password: "a-brand-new-password" });
    expect(res.body).toEqual({ twoFactorRequired: true, secondFactors: { totp: true, webauthn: false } });
  });
});
