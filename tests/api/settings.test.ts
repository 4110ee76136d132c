import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { ACCOUNT_SETTINGS_PATH, NOTIFICATION_SETTINGS_PATH } from "../../shared/api/settings";
import { users } from "../../shared/schema";
import { orderAccountPlan, payInSandbox } from "../factories/billing";
import { confirmEmailLink } from "../factories/email";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const storedUser = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe("notification settings", () => {
  it("start as Revenue Alerts on, Domain Expiry Warnings on, Affiliate Updates off", async () => {
    const { agent } = await signUp(t.app);
    const res = await agent.get(NOTIFICATION_SETTINGS_PATH);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ revenueAlerts: true, expiryWarnings: true, affiliateUpdates: false });
  });

  it("are saved and read back", async () => {
    const { agent, user } = await signUp(t.app);
    const wanted = { revenueAlerts: false, expiryWarnings: false, affiliateUpdates: true };

    const saved = await agent.put(NOTIFICATION_SETTINGS_PATH).send(wanted);

    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(wanted);
    expect((await agent.get(NOTIFICATION_SETTINGS_PATH)).body).toEqual(wanted);
    expect(await storedUser(user.id)).toMatchObject({
      notifyRevenue: false,
      notifyExpiry: false,
      notifyAffiliate: true,
    });
  });

  it("refuse a body with a missing or non-boolean switch with 400 and change nothing", async () => {
    const { agent } = await signUp(t.app);
    const before = (await agent.get(NOTIFICATION_SETTINGS_PATH)).body;

    const missing = await agent.put(NOTIFICATION_SETTINGS_PATH).send({ revenueAlerts: false });
    const wrongType = await agent
      .put(NOTIFICATION_SETTINGS_PATH)
      .send({ revenueAlerts: "no", expiryWarnings: false, affiliateUpdates: true });

    for (const res of [missing, wrongType]) {
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/Invalid input/);
    }
    expect((await agent.get(NOTIFICATION_SETTINGS_PATH)).body).toEqual(before);
  });

  it("change only the signed-in user's switches", async () => {
    const mine = await signUp(t.app);
    const theirs = await signUp(t.app);
    await mine.agent
      .put(NOTIFICATION_SETTINGS_PATH)
      .send({ revenueAlerts: false, expiryWarnings: false, affiliateUpdates: false });
    expect((await theirs.agent.get(NOTIFICATION_SETTINGS_PATH)).body).toEqual({
      revenueAlerts: true,
      expiryWarnings: true,
      affiliateUpdates: false,
    });
  });

  it("answer 401 to a signed-out visitor", async () => {
    expect((await request(t.app).get(NOTIFICATION_SETTINGS_PATH)).status).toBe(401);
    const put = await request(t.app)
      .put(NOTIFICATION_SETTINGS_PATH)
      .send({ revenueAlerts: true, expiryWarnings: true, affiliateUpdates: true });
    expect(put.status).toBe(401);
  });
});

describe("account settings", () => {
  it("show the free plan until a plan order is paid, then the plan it set", async () => {
    const { agent } = await signUp(t.app);
    expect((await agent.get(ACCOUNT_SETTINGS_PATH)).body).toEqual({ plan: "free" });

    // The plan comes from the entitlements a paid account-plan order grants.
    await payInSandbox(agent, await orderAccountPlan(agent, "business"));

    expect((await agent.get(ACCOUNT_SETTINGS_PATH)).body).toEqual({ plan: "business" });
  });

  it("answer 401 to a signed-out visitor", async () => {
    expect((await request(t.app).get(ACCOUNT_SETTINGS_PATH)).status).toBe(401);
  });
});

describe("profile settings (PUT /api/auth/profile)", () => {
  it("saves name and username at once, and the email once the link mailed to it is opened", async () => {
    const { agent, input } = await signUp(t.app);
    const profile = { name: "Renamed Owner", email: "renamed-owner@example.com", username: "renamed_owner" };

    const res = await agent.put(AUTH_PATHS.profile).send(profile);

    expect(res.status).toBe(200);
    expect(res.body.pendingEmail).toBe("renamed-owner@example.com");
    expect((await agent.get(AUTH_PATHS.me)).body.user).toMatchObject({ ...profile, email: input.email });
    await confirmEmailLink(t.app, t.db, profile.email);
    expect((await agent.get(AUTH_PATHS.me)).body.user).toMatchObject(profile);
  });

  it("refuses a malformed email with 400 and a message, and keeps the profile", async () => {
    const { agent, input, user } = await signUp(t.app);

    const res = await agent
      .put(AUTH_PATHS.profile)
      .send({ name: "Other Name", email: "not-an-email", username: input.username });

    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/valid email/);
    expect(await storedUser(user.id)).toMatchObject({ name: input.name, email: input.email });
  });

  it("refuses a username another account has, in any case, with 409 and a message", async () => {
    const other = await signUp(t.app);
    const { agent, input, user } = await signUp(t.app);

    const res = await agent
      .put(AUTH_PATHS.profile)
      .send({ name: "Taken", email: input.email, username: other.input.username.toUpperCase() });

    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This username is already taken.");
    expect(await storedUser(user.id)).toMatchObject({ name: input.name, username: input.username });
  });

  it("answers an email another account has as it answers a free one, and never moves it", async () => {
    const other = await signUp(t.app);
    const { agent, input, user } = await signUp(t.app);

    const res = await agent
      .put(AUTH_PATHS.profile)
      .send({ name: input.name, email: other.input.email, username: input.username });

    expect(res.status).toBe(200);
    expect(res.body.pendingEmail).toBe(other.input.email);
    expect((await storedUser(user.id)).email).toBe(input.email);
  });

  it("lets a user keep their own username and email", async () => {
    const { agent, input } = await signUp(t.app);
    const res = await agent
      .put(AUTH_PATHS.profile)
      .send({ name: "Same Handles", email: input.email, username: input.username });
    expect(res.status).toBe(200);
    expect(res.body.user.name).toBe("Same Handles");
  });
});

describe("security settings (POST /api/auth/change-password)", () => {
  const sessionsOf = async (userId: string) =>
    (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from session where sess->>'userId' = ${userId}`,
      )
    ).rows[0].n;

  it("changes the password, keeps this session and ends the user's other sessions", async () => {
    const { agent, input, user } = await signUp(t.app);
    const otherDevice = request.agent(t.app);
    await otherDevice
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: input.email, password: input.password })
      .expect(200);
    expect(await sessionsOf(user.id)).toBe(2);

    const res = await agent
      .post(AUTH_PATHS.changePassword)
      .send({ currentPassword: input.password, newPassword: "a-brand-new-secret" });

    expect(res.status).toBe(200);
    expect((await agent.get(AUTH_PATHS.me)).status).toBe(200);
    expect((await otherDevice.get(AUTH_PATHS.me)).status).toBe(401);
    expect(await sessionsOf(user.id)).toBe(1);
    const oldLogin = await request(t.app)
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: input.email, password: input.password });
    expect(oldLogin.status).toBe(401);
    const newLogin = await request(t.app)
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: input.email, password: "a-brand-new-secret" });
    expect(newLogin.status).toBe(200);
  });

  it("refuses a new password under 8 characters with 400 and the spec's message, keeping the old one", async () => {
    const { agent, input, user } = await signUp(t.app);
    const before = (await storedUser(user.id)).passwordHash;

    const res = await agent
      .post(AUTH_PATHS.changePassword)
      .send({ currentPassword: input.password, newPassword: "short" });

    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Password must be at least 8 characters long\./);
    expect((await storedUser(user.id)).passwordHash).toBe(before);
  });

  it("refuses a wrong current password with 400 and a message, keeping every session", async () => {
    const { agent, input, user } = await signUp(t.app);
    const otherDevice = request.agent(t.app);
    await otherDevice
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: input.username, password: input.password })
      .expect(200);
    const before = (await storedUser(user.id)).passwordHash;

    const res = await agent
      .post(AUTH_PATHS.changePassword)
      .send({ currentPassword: "not-my-password", newPassword: "a-brand-new-secret" });

    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Current password is incorrect.");
    expect((await storedUser(user.id)).passwordHash).toBe(before);
    expect((await otherDevice.get(AUTH_PATHS.me)).status).toBe(200);
  });
});
