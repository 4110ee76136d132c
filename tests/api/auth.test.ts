import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { LEADS_PATH } from "../../shared/api/leads/leads";
import { signUp, userInput } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authLimits: { loginPerAccount: 5 } });
});
afterAll(() => t.close());

const sessionCookie = (res: request.Response) =>
  ([] as string[])
    .concat(res.headers["set-cookie"] ?? [])
    .find((c) => c.startsWith("parkpilot.sid="))
    ?.split(";")[0];

const sessionRows = async () =>
  (await t.db.execute<{ sid: string; sess: { userId?: string } }>(sql`select sid, sess from session`)).rows;

describe("registration", () => {
  it("creates the account, signs it in and answers the session user", async () => {
    const { agent, input } = await signUp(t.app);
    const me = await agent.get(AUTH_PATHS.me);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({
      name: input.name,
      email: input.email,
      username: input.username,
      plan: "free",
    });
    expect(me.body.user).not.toHaveProperty("passwordHash");
  });

  it("refuses a taken username or email, case-insensitively, with 409 and a message", async () => {
    const { input } = await signUp(t.app);
    const sameEmail = await request(t.app)
      .post(AUTH_PATHS.register)
      .send(userInput({ email: input.email.toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toMatch(/email already exists/);
    const sameName = await request(t.app)
      .post(AUTH_PATHS.register)
      .send(userInput({ username: input.username.toUpperCase() }));
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toMatch(/username is already taken/);
  });

  it.each([
    ["a short password", { password: "short" }, /at least 8 characters/],
    ["a bad email", { email: "not-an-email" }, /valid email/],
    ["an empty name", { name: "   " }, /Required/],
    ["a username with spaces", { username: "two words" }, /Username/],
  ])("refuses %s with 400 and saves nothing", async (_label, override, message) => {
    const input = userInput(override);
    const res = await request(t.app).post(AUTH_PATHS.register).send(input);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(res.body.issues.length).toBeGreaterThan(0);
    const rows = await t.db.execute(
      sql`select 1 from users where lower(username) = ${input.username.toLowerCase()}`,
    );
    expect(rows.rows).toHaveLength(0);
  });

  it("stores the password as an argon2id hash", async () => {
    const { user } = await signUp(t.app);
    const [row] = (
      await t.db.execute<{ password_hash: string }>(
        sql`select password_hash from users where id = ${user.id}`,
      )
    ).rows;
    // At the test suites' cost; the production build's is checked in the system suite.
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=1\$/);
  });
});

describe("sign-in", () => {
  it("accepts the username or the email in any case, and issues a new session id", async () => {
    const { input } = await signUp(t.app);
    const agent = request.agent(t.app);
    const anonymous = await agent.post(LEADS_PATH).send({});
    expect(anonymous.status).toBe(400);
    const first = await agent
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: input.email.toUpperCase(), password: input.password });
    expect(first.status).toBe(200);
    const second = await agent
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: input.username, password: input.password });
    expect(second.status).toBe(200);
    expect(sessionCookie(first)).toBeDefined();
    expect(sessionCookie(second)).toBeDefined();
    expect(sessionCookie(second)).not.toBe(sessionCookie(first));
    expect((await request(t.app).get(AUTH_PATHS.me).set("Cookie", sessionCookie(first)!)).status).toBe(401);
    expect((await request(t.app).get(AUTH_PATHS.me).set("Cookie", sessionCookie(second)!)).status).toBe(200);
  });

  it("answers a wrong password with 401 and no session", async () => {
    const { input } = await signUp(t.app);
    const res = await request(t.app)
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: input.username, password: "wrong-password" });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/Invalid/);
    expect(sessionCookie(res)).toBeUndefined();
  });

  it("refuses further attempts on an account with 429 once its failures reach the limit, even with the right password", async () => {
    const { input } = await signUp(t.app);
    for (let i = 0; i < 5; i++) {
      const res = await request(t.app)
        .post(AUTH_PATHS.login)
        .send({ usernameOrEmail: input.username, password: "nope-nope" });
      expect(res.status).toBe(401);
    }
    const blocked = await request(t.app)
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: input.username, password: input.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many sign-in attempts/);
  });

  it("answers /me with 401 when signed out", async () => {
    const res = await request(t.app).get(AUTH_PATHS.me);
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
  });
});

describe("sign-out", () => {
  it("destroys the session on the server so the old cookie is dead", async () => {
    const { agent } = await signUp(t.app);
    const me = await agent.get(AUTH_PATHS.me);
    expect(me.status).toBe(200);
    const before = (await sessionRows()).length;
    const out = await agent.post(AUTH_PATHS.logout).send({});
    expect(out.status).toBe(204);
    expect((await sessionRows()).length).toBe(before - 1);
    expect((await agent.get(AUTH_PATHS.me)).status).toBe(401);
  });
});

describe("profile and password", () => {
  it("updates the profile, and an email another account holds waits like any other and never moves", async () => {
    const other = await signUp(t.app);
    const { agent, input } = await signUp(t.app);
    const ok = await agent
      .put(AUTH_PATHS.profile)
      .send({ name: "New Name", email: input.email, username: input.username });
    expect(ok.status).toBe(200);
    expect(ok.body.user.name).toBe("New Name");
    const taken = await agent
      .put(AUTH_PATHS.profile)
      .send({ name: "X", email: other.input.email, username: input.username });
    expect(taken.status).toBe(200);
    expect((await agent.get(AUTH_PATHS.me)).body.user.email).toBe(input.email);
    const bad = await agent
      .put(AUTH_PATHS.profile)
      .send({ name: "X", email: "nope", username: input.username });
    expect(bad.status).toBe(400);
    expect((await agent.get(AUTH_PATHS.me)).body.user.name).toBe("X");
  });

  it("changes the password only with the current one, and ends the user's other sessions", async () => {
    const { agent, input, user } = await signUp(t.app);
    const laptop = request.agent(t.app);
    await laptop
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: input.username, password: input.password })
      .expect(200);

    const wrong = await agent
      .post(AUTH_PATHS.changePassword)
      .send({ currentPassword: "wrong-one", newPassword: "new-password-1" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/Current password is incorrect/);
    const short = await agent
      .post(AUTH_PATHS.changePassword)
      .send({ currentPassword: input.password, newPassword: "short" });
    expect(short.status).toBe(400);

    const ok = await agent
      .post(AUTH_PATHS.changePassword)
      .send({ currentPassword: input.password, newPassword: "new-password-1" });
    expect(ok.status).toBe(200);
    expect((await agent.get(AUTH_PATHS.me)).status).toBe(200);
    expect((await laptop.get(AUTH_PATHS.me)).status).toBe(401);
    const mine = (await sessionRows()).filter((r) => r.sess.userId === user.id);
    expect(mine).toHaveLength(1);
    await request(t.app)
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: input.username, password: "new-password-1" })
      .expect(200);
  });

  it("refuses profile and password changes when signed out", async () => {
    expect(
      (await request(t.app).put(AUTH_PATHS.profile).send({ name: "a", email: "a@b.co", username: "abc" }))
        .status,
    ).toBe(401);
    expect(
      (
        await request(t.app)
          .post(AUTH_PATHS.changePassword)
          .send({ currentPassword: "x", newPassword: "yyyyyyyy" })
      ).status,
    ).toBe(401);
  });
});

describe("sessions and polling", () => {
  it("does not write the session row when a signed-in user only reads", async () => {
    const { agent, user } = await signUp(t.app);
    const read = async () =>
      (
        await t.db.execute<{ row: string }>(
          sql`select (sid, sess::text, expire)::text as row from session where sess->>'userId' = ${user.id}`,
        )
      ).rows;
    const before = await read();
    for (let i = 0; i < 20; i++) await agent.get(AUTH_PATHS.me).expect(200);
    expect(await read()).toEqual(before);
  });

  it("saves no session for an anonymous visitor", async () => {
    const before = (await sessionRows()).length;
    await request(t.app).get(AUTH_PATHS.me);
    await request(t.app)
      .post(LEADS_PATH)
      .send({ email: "x@y.com", zipCode: "10001", source: "car-insurance-landing", value: 75 });
    expect((await sessionRows()).length).toBe(before);
  });

  it("sets the cookie httpOnly and SameSite=Lax", async () => {
    const res = await request(t.app).post(AUTH_PATHS.register).send(userInput());
    const cookie = ([] as string[])
      .concat(res.headers["set-cookie"])
      .find((c) => c.startsWith("parkpilot.sid="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });
});
