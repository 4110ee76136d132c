import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITES_PER_DAY } from "../../server/deps";
import { AFFILIATE_INVITE_PATH, AFFILIATE_STATS_PATH, AFFILIATES_PATH } from "../../shared/api/affiliates";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { REVENUE_PATHS } from "../../shared/api/revenue";
import { invitationCode, invite } from "../factories/affiliates";
import { signUp, userInput } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newEmail = () => `partner_${Math.random().toString(36).slice(2)}@example.com`;
const countAffiliates = async (userId: string) =>
  (
    await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from affiliates where user_id = ${userId}`,
    )
  ).rows[0].n;
const countMail = async (to: string) =>
  (
    await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where lower("to") = lower(${to})`,
    )
  ).rows[0].n;

describe("POST /api/affiliates/invite", () => {
  it("lists a level-3 invitation as a 10% affiliate, and a level-2 one at 7%", async () => {
    const { agent } = await signUp(t.app);
    const level3 = newEmail();
    const level2 = newEmail();

    const res = await agent.post(AFFILIATE_INVITE_PATH).send({ email: level3, level: 3 });
    await invite(agent, { email: level2, level: 2 });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: level3, level: 3, commissionRate: 10 });
    const listed = (await agent.get(AFFILIATES_PATH)).body as {
      email: string;
      level: number;
      commissionRate: number;
    }[];
    expect(listed.find((a) => a.email === level3)).toMatchObject({ level: 3, commissionRate: 10 });
    expect(listed.find((a) => a.email === level2)).toMatchObject({ level: 2, commissionRate: 7 });
  });

  it("creates an inactive affiliate at the level's rate and mails a registration link with its code", async () => {
    const { agent, user } = await signUp(t.app);
    const email = newEmail();

    const res = await agent.post(AFFILIATE_INVITE_PATH).send({ email, level: 1 });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email,
      level: 1,
      commissionRate: 5,
      totalCommissions: "0.00",
      isActive: false,
    });
    const code = await invitationCode(t.db, email);
    const [row] = (
      await t.db.execute<{ referral_code: string; user_id: string }>(
        sql`select referral_code, user_id from affiliates where id = ${res.body.id}`,
      )
    ).rows;
    expect(row).toEqual({ referral_code: code, user_id: user.id });
    expect(res.body.referralCode).toBe(code);
    expect(code).not.toBe(user.referralCode);
  });

  it("gives an invited affiliate level 1's 5% commission", async () => {
    const { agent } = await signUp(t.app);
    const affiliate = await invite(agent, { email: newEmail(), level: 1 });
    expect(affiliate.commissionRate).toBe(5);
  });

  it("invites at level 1 when no level is sent", async () => {
    const { agent } = await signUp(t.app);
    const res = await agent.post(AFFILIATE_INVITE_PATH).send({ email: newEmail() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ level: 1, commissionRate: 5 });
  });

  it.each([
    ["no email", { level: 1 }, /email address to invite/],
    ["a blank email", { email: "   ", level: 1 }, /email address to invite/],
    ["a malformed email", { email: "not-an-email", level: 1 }, /valid email address/],
    ["level 0", { email: "a@example.com", level: 0 }, /Level must be 1, 2 or 3/],
    ["level 4", { email: "a@example.com", level: 4 }, /Level must be 1, 2 or 3/],
    ["a fractional level", { email: "a@example.com", level: 1.5 }, /Level must be 1, 2 or 3/],
    ["a level as text", { email: "a@example.com", level: "2" }, /Level must be 1, 2 or 3/],
  ])("refuses %s with 400 and a message, and creates nothing", async (_label, body, message) => {
    const { agent, user } = await signUp(t.app);
    const res = await agent.post(AFFILIATE_INVITE_PATH).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await countAffiliates(user.id)).toBe(0);
  });

  it("refuses an address the user already invited, in any letter case, with 409 and sends no second mail", async () => {
    const { agent, user } = await signUp(t.app);
    const email = newEmail();
    await invite(agent, { email, level: 1 });

    const res = await agent.post(AFFILIATE_INVITE_PATH).send({ email: email.toUpperCase(), level: 1 });

    expect(res.status).toBe(409);
    expect(res.body.message).toBe("You have already invited this email address.");
    expect(await countAffiliates(user.id)).toBe(1);
    expect(await countMail(email)).toBe(1);
  });

  it("lets two users invite the same address", async () => {
    const email = newEmail();
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    await invite(first.agent, { email, level: 1 });
    const res = await second.agent.post(AFFILIATE_INVITE_PATH).send({ email, level: 1 });
    expect(res.status).toBe(201);
  });

  it("refuses the user's own address with 409 and creates nothing", async () => {
    const { agent, input, user } = await signUp(t.app);
    const res = await agent.post(AFFILIATE_INVITE_PATH).send({ email: input.email.toUpperCase(), level: 1 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("You can't invite your own email address.");
    expect(await countAffiliates(user.id)).toBe(0);
  });

  it("refuses an address that already has an account with 409", async () => {
    const { agent, user } = await signUp(t.app);
    const member = await signUp(t.app);
    const res = await agent.post(AFFILIATE_INVITE_PATH).send({ email: member.input.email, level: 1 });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already has an account/);
    expect(await countAffiliates(user.id)).toBe(0);
  });

  it("refuses invitations past the daily allowance with 429 and sends nothing", async () => {
    const { agent, user } = await signUp(t.app);
    for (let i = 0; i < INVITES_PER_DAY; i++) await invite(agent, { email: newEmail(), level: 1 });
    const email = newEmail();

    const res = await agent.post(AFFILIATE_INVITE_PATH).send({ email, level: 1 });

    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/too many invitations/);
    expect(await countAffiliates(user.id)).toBe(INVITES_PER_DAY);
    expect(await countMail(email)).toBe(0);
    const other = await signUp(t.app);
    expect((await other.agent.post(AFFILIATE_INVITE_PATH).send({ email, level: 1 })).status).toBe(201);
  });

  it("refuses a signed-out visitor with 401", async () => {
    const res = await request(t.app).post(AFFILIATE_INVITE_PATH).send({ email: newEmail(), level: 1 });
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
  });
});

describe("registration through a referral code", () => {
  const referredBy = async (userId: string) =>
    (
      await t.db.execute<{ referred_by: string | null }>(
        sql`select referred_by from users where id = ${userId}`,
      )
    ).rows[0].referred_by;

  it("links the new account to the inviter and activates the invitation", async () => {
    const inviter = await signUp(t.app);
    const email = newEmail();
    const invited = await invite(inviter.agent, { email, level: 1 });
    const code = await invitationCode(t.db, email);

    const { user } = await signUp(t.app, { email, referralCode: code });

    expect(await referredBy(user.id)).toBe(inviter.user.id);
    const [row] = (
      await t.db.execute<{ referred_user_id: string; is_active: boolean }>(
        sql`select referred_user_id, is_active from affiliates where id = ${invited.id}`,
      )
    ).rows;
    expect(row).toEqual({ referred_user_id: user.id, is_active: true });
    const list = await inviter.agent.get(AFFILIATES_PATH);
    expect(list.body).toEqual([
      expect.objectContaining({ id: invited.id, isActive: true, level: 1, referralCode: null }),
    ]);
  });

  it("does not let a second account use an invitation that was already accepted", async () => {
    const inviter = await signUp(t.app);
    const email = newEmail();
    await invite(inviter.agent, { email, level: 1 });
    const code = await invitationCode(t.db, email);
    await signUp(t.app, { email, referralCode: code });

    const { user } = await signUp(t.app, { referralCode: code });

    expect(await referredBy(user.id)).toBeNull();
    expect(await countAffiliates(inviter.user.id)).toBe(1);
  });

  it("makes a user registering with someone's personal code their active level-1 affiliate", async () => {
    const referrer = await signUp(t.app);

    const { user, input } = await signUp(t.app, { referralCode: referrer.user.referralCode });

    expect(await referredBy(user.id)).toBe(referrer.user.id);
    const list = await referrer.agent.get(AFFILIATES_PATH);
    expect(list.body).toEqual([
      expect.objectContaining({ email: input.email, level: 1, commissionRate: 5, isActive: true }),
    ]);
  });

  it("takes over the open invitation when the invited address registers with the personal code", async () => {
    const referrer = await signUp(t.app);
    const email = newEmail();
    const invited = await invite(referrer.agent, { email });

    await signUp(t.app, { email, referralCode: referrer.user.referralCode });

    const list = await referrer.agent.get(AFFILIATES_PATH);
    expect(list.body).toEqual([expect.objectContaining({ id: invited.id, level: 1, isActive: true })]);
  });

  it("registers normally with an unknown code and links nothing", async () => {
    const res = await request(t.app)
      .post(AUTH_PATHS.register)
      .send(userInput({ referralCode: "no-such-code" }));
    expect(res.status).toBe(201);
    expect(await referredBy(res.body.user.id)).toBeNull();
  });
});

describe("GET /api/affiliates and /api/affiliates/stats", () => {
  it("count the referrals who joined, the active ones, the open invitations apart, and nothing of another user's", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    await invite(other.agent, { email: newEmail(), level: 1 });
    const joined = newEmail();
    await invite(owner.agent, { email: joined, level: 1 });
    await invite(owner.agent, { email: newEmail(), level: 1 });
    await signUp(t.app, { email: joined, referralCode: await invitationCode(t.db, joined) });

    const stats = await owner.agent.get(AFFILIATE_STATS_PATH);
    const list = await owner.agent.get(AFFILIATES_PATH);
    const dashboard = await owner.agent.get(REVENUE_PATHS.dashboard);

    expect(stats.status).toBe(200);
    // An invitation nobody accepted is not a referral: one joined, one pending.
    expect(stats.body).toEqual({
      totalReferrals: 1,
      activeReferrals: 1,
      totalCommissions: "0.00",
      pendingInvitations: 1,
    });
    expect(dashboard.body.affiliateStats).toMatchObject({ totalReferrals: 1, activeReferrals: 1 });
    expect(list.body).toHaveLength(2);
    expect(list.body.map((a: { isActive: boolean }) => a.isActive).sort()).toEqual([false, true]);
  });

  it("answers a new user with no affiliates and zero stats", async () => {
    const { agent } = await signUp(t.app);
    expect((await agent.get(AFFILIATES_PATH)).body).toEqual([]);
    expect((await agent.get(AFFILIATE_STATS_PATH)).body).toEqual({
      totalReferrals: 0,
      activeReferrals: 0,
      totalCommissions: "0.00",
      pendingInvitations: 0,
    });
  });

  it("refuses a signed-out visitor with 401", async () => {
    expect((await request(t.app).get(AFFILIATES_PATH)).status).toBe(401);
    expect((await request(t.app).get(AFFILIATE_STATS_PATH)).status).toBe(401);
  });
});
