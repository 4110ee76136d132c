import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_PATHS } from "../../shared/api/auth/email";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { confirmationToken } from "../factories/email";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: "https://app.parkpilot.test" } });
});
afterAll(() => t.close());

const newAddress = () => `moved-${Math.random().toString(36).slice(2, 10)}@example.com`;

/** The mails to `email` (newest first). */
const mailsTo = async (email: string) =>
  (
    await t.db.execute<{ subject: string; body: string }>(
      sql`select subject, body from mail_outbox where lower("to") = lower(${email}) order by created_at desc`,
    )
  ).rows;

/** Asks to move the signed-up account to `email`, as Settings does. */
async function askToMove(owner: Awaited<ReturnType<typeof signUp>>, email: string) {
  const res = await owner.agent
    .put(AUTH_PATHS.profile)
    .send({ name: owner.input.name, username: owner.input.username, email });
  expect(res.status).toBe(200);
  return res;
}

const confirm = (token: string) => request(t.app).post(EMAIL_PATHS.confirm).send({ token });
const emailOf = async (owner: Awaited<ReturnType<typeof signUp>>) =>
  (await owner.agent.get(AUTH_PATHS.me)).body.user.email as string;

describe("changing the email", () => {
  it("keeps the old address in /api/auth/me until the link mailed to the new one is opened", async () => {
    const owner = await signUp(t.app);
    const to = newAddress();
    const asked = await askToMove(owner, to);
    expect(asked.body.user.email).toBe(owner.input.email);

    expect(await emailOf(owner)).toBe(owner.input.email);
    const status = await owner.agent.get(EMAIL_PATHS.status);
    expect(status.body).toMatchObject({ email: owner.input.email, confirmed: false, pending: { email: to } });
    expect(Date.parse(status.body.pending.expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);

    const [link] = await mailsTo(to);
    expect(link.subject).toBe("Confirm your ParkPilot email");
    expect(link.body).toContain("https://app.parkpilot.test/confirm-email?token=");
    const stored = await t.db.execute<{ token_hash: string }>(
      sql`select token_hash from email_confirmations`,
    );
    const token = await confirmationToken(t.db, to);
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(token);

    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(await emailOf(owner)).toBe(to);
    expect((await owner.agent.get(EMAIL_PATHS.status)).body).toEqual({
      email: to,
      confirmed: true,
      pending: null,
    });
  });

  it("tells the old address, whose link cancels the change", async () => {
    const owner = await signUp(t.app);
    const to = newAddress();
    await askToMove(owner, to);
    const [notice] = await mailsTo(owner.input.email);
    expect(notice.subject).toBe("Your ParkPilot email is about to change");
    expect(notice.body).toContain(to);
    const cancelToken = /\/cancel-email-change\?token=([\w-]+)/.exec(notice.body)?.[1] ?? "";

    const cancelled = await request(t.app).post(EMAIL_PATHS.cancel).send({ token: cancelToken });
    expect(cancelled.status).toBe(200);
    expect((await owner.agent.get(EMAIL_PATHS.status)).body.pending).toBeNull();
    expect((await confirm(await confirmationToken(t.db, to))).status).toBe(400);
    expect(await emailOf(owner)).toBe(owner.input.email);
    expect((await request(t.app).post(EMAIL_PATHS.cancel).send({ token: cancelToken })).status).toBe(400);
  });

  it("takes a link once only", async () => {
    const owner = await signUp(t.app);
    const to = newAddress();
    await askToMove(owner, to);
    const token = await confirmationToken(t.db, to);
    expect((await confirm(token)).status).toBe(200);
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/invalid or has expired/);
  });

  it("refuses a link older than 30 minutes and keeps the old address", async () => {
    const owner = await signUp(t.app);
    const to = newAddress();
    await askToMove(owner, to);
    const token = await confirmationToken(t.db, to);
    // Half an hour and a second later, as the link's own clock counts.
    await t.db.execute(
      sql`update email_confirmations set expires_at = now() - interval '1 second' where lower(email) = ${to}`,
    );
    expect((await confirm(token)).status).toBe(400);
    expect(await emailOf(owner)).toBe(owner.input.email);
  });

  it("resends a fresh link (the last one stops working) and cancels from Settings", async () => {
    const owner = await signUp(t.app);
    const to = newAddress();
    await askToMove(owner, to);
    const first = await confirmationToken(t.db, to);
    expect((await owner.agent.post(EMAIL_PATHS.resend)).status).toBe(202);
    const second = await confirmationToken(t.db, to);
    expect(second).not.toBe(first);
    expect((await confirm(first)).status).toBe(400);

    const dropped = await owner.agent.delete(EMAIL_PATHS.pending);
    expect(dropped.status).toBe(200);
    expect(dropped.body.pending).toBeNull();
    expect((await confirm(second)).status).toBe(400);
    expect(await emailOf(owner)).toBe(owner.input.email);
  });

  it("answers an address another account holds as a free one; its owner is told, and no link can move it", async () => {
    const holder = await signUp(t.app);
    const owner = await signUp(t.app);
    const free = await askToMove(owner, newAddress());
    const taken = await askToMove(owner, holder.input.email.toUpperCase());
    expect(Object.keys(taken.body)).toEqual(Object.keys(free.body));
    expect((await owner.agent.get(EMAIL_PATHS.status)).body.pending.email).toBe(
      holder.input.email.toUpperCase(),
    );

    const [note] = await mailsTo(holder.input.email);
    expect(note.subject).toBe("This address already has a ParkPilot account");
    expect(note.body).not.toMatch(/token=/);
    expect(await emailOf(owner)).toBe(owner.input.email);
  });

  it("still asks for a recent sign-in, and refuses more than five confirmation mails an hour", async () => {
    const owner = await signUp(t.app);
    await t.db.execute(
      sql`update session set sess = jsonb_set(sess::jsonb, '{authAt}', '0')::json where sess->>'userId' = ${owner.user.id}`,
    );
    const stale = await owner.agent
      .put(AUTH_PATHS.profile)
      .send({ name: owner.input.name, username: owner.input.username, email: newAddress() });
    expect(stale.body.code).toBe("REAUTH_REQUIRED");

    const fresh = await signUp(t.app);
    // Registration mailed one; four more changes fill the hour.
    for (let i = 0; i < 4; i += 1) await askToMove(fresh, newAddress());
    const refused = await fresh.agent
      .put(AUTH_PATHS.profile)
      .send({ name: fresh.input.name, username: fresh.input.username, email: newAddress() });
    expect(refused.status).toBe(429);
  });
});

describe("a new account's address", () => {
  it("is mailed a link at registration; the account works meanwhile, and the link confirms it", async () => {
    const owner = await signUp(t.app);
    expect((await owner.agent.get(EMAIL_PATHS.status)).body).toEqual({
      email: owner.input.email,
      confirmed: false,
      pending: null,
    });
    expect((await owner.agent.get(DOMAIN_PATHS.list)).status).toBe(200);

    expect((await owner.agent.post(EMAIL_PATHS.resend)).status).toBe(202);
    const res = await confirm(await confirmationToken(t.db, owner.input.email));
    expect(res.status).toBe(200);
    expect((await owner.agent.get(EMAIL_PATHS.status)).body.confirmed).toBe(true);
    expect((await owner.agent.post(EMAIL_PATHS.resend)).status).toBe(409);
  });

  it("proves only the address it was sent to: after a change, the registration link does nothing", async () => {
    const owner = await signUp(t.app);
    const registrationToken = await confirmationToken(t.db, owner.input.email);
    await askToMove(owner, newAddress());
    expect((await confirm(registrationToken)).status).toBe(400);
  });
});
