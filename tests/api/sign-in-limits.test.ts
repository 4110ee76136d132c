import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

const LIMIT = 10;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authLimits: { loginPerAccount: LIMIT, loginPerAddress: 10_000 } });
});
afterAll(() => t.close());

const login = (usernameOrEmail: string, password: string, agent = request(t.app)) =>
  agent.post(AUTH_PATHS.login).send({ usernameOrEmail, password });

describe("sign-in limits", () => {
  it("checks no more passwords than the limit when 100 attempts arrive at once", async () => {
    const { input, user } = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(i % 2 ? input.email : input.username, `wrong-${i}`)),
    );
    // Every password checked and found wrong is in the audit log; an attempt over the limit is never checked.
    const { rows } = await t.db.execute(
      sql`select 1 from audit_log where user_id = ${user.id} and event = 'sign_in_failed' and detail->>'step' = 'password'`,
    );
    expect(rows).toHaveLength(LIMIT);
    const statuses = answers.map((r) => r.status);
    // A 401 is a checked password; everything past the limit is refused before any check.
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - LIMIT);
    expect(answers.find((r) => r.status === 429)?.headers["retry-after"]).toMatch(/^\d+$/);
  });

  it("counts username and email as one account", async () => {
    const { input } = await signUp(t.app);
    for (let i = 0; i < LIMIT; i++) await login(i % 2 ? input.email.toUpperCase() : input.username, "wrong");
    expect((await login(input.email, input.password)).status).toBe(429);
    expect((await login(input.username, input.password)).status).toBe(429);
  });

  it("lets the owner's known device sign in while the account is locked out", async () => {
    const { input } = await signUp(t.app);
    const ownersDevice = request.agent(t.app);
    expect((await login(input.username, input.password, ownersDevice)).status).toBe(200);
    await ownersDevice.post(AUTH_PATHS.logout).send({});

    for (let i = 0; i < LIMIT + 5; i++) await login(input.username, `attacker-${i}`);
    expect((await login(input.username, input.password)).status).toBe(429);

    const owner = await login(input.username, input.password, ownersDevice);
    expect(owner.status).toBe(200);
    expect((await ownersDevice.get(AUTH_PATHS.me)).status).toBe(200);
  });

  it("does not let a device cookie of one account through another account's lockout", async () => {
    const mine = await signUp(t.app);
    const device = request.agent(t.app);
    await login(mine.input.username, mine.input.password, device);
    const victim = await signUp(t.app);
    for (let i = 0; i < LIMIT; i++) await login(victim.input.username, "wrong", device);
    expect((await login(victim.input.username, victim.input.password, device)).status).toBe(429);
  });

  it("limits attempts on names that have no account as well", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push((await login("no-such-user", "whatever")).status);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("client addresses behind proxies", () => {
  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", async () => {
    const local = await createTestApp({
      env: { TRUST_PROXY: "10.0.0.1" },
      authLimits: { loginPerAddress: 3, loginPerAccount: 1_000 },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await request(local.app)
          .post(AUTH_PATHS.login)
          .set("X-Forwarded-For", `203.0.113.${i + 1}`)
          .send({ usernameOrEmail: `someone-${i}`, password: "whatever" });
        statuses.push(res.status);
      }
      // Every attempt counts against the real peer (loopback), whatever header it sends.
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await local.close();
    }
  });

  it("reads the client address from a trusted proxy's header", async () => {
    const local = await createTestApp({
      env: { TRUST_PROXY: "loopback" },
      authLimits: { loginPerAddress: 1, loginPerAccount: 1_000 },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await request(local.app)
          .post(AUTH_PATHS.login)
          .set("X-Forwarded-For", `203.0.113.${i + 1}`)
          .send({ usernameOrEmail: `someone-${i}`, password: "whatever" });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401]);
    } finally {
      await local.close();
    }
  });
});
