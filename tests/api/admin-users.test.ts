import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertPayoutsOpen } from "../../server/modules/payouts/payee-state";
import type { TAdminUser } from "../../shared/api/admin/users";
import { ADMIN_USERS_PATHS } from "../../shared/api/admin/users";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { API_V1_PATHS } from "../../shared/api/v1/common";
import { pathTo } from "../../shared/path-to";
import { bearer, createApiKey, grantApiPlan } from "../factories/api-keys";
import { addDomain } from "../factories/domains";
import { fundBalance } from "../factories/payments";
import { expectHiddenFromNonStaff, type Staff, staffApp } from "../factories/staff";
import { signUp } from "../factories/users";
import type { TestApp } from "../setup/test-app";

const ID = "00000000-0000-4000-8000-000000000000";
const ROUTES = [
  ["get", ADMIN_USERS_PATHS.list],
  ["get", pathTo(ADMIN_USERS_PATHS.one, { id: ID })],
  ["post", pathTo(ADMIN_USERS_PATHS.suspend, { id: ID })],
  ["post", pathTo(ADMIN_USERS_PATHS.restore, { id: ID })],
] as const;

let t: TestApp;
let staff: Staff;
beforeAll(async () => ({ t, staff } = await staffApp()));
afterAll(() => t.close());

const signIn = (email: string, password: string) =>
  request(t.app).post(AUTH_PATHS.login).send({ usernameOrEmail: email, password });

describe("the console's users", () => {
  it("answer 404 to signed-out visitors and to owners who are not staff", async () => {
    await expectHiddenFromNonStaff(t, ROUTES, { reason: "fraud" });
  });

  it("finds accounts by part of the email, username or name, a page at a time", async () => {
    const tag = `findme${Date.now().toString(36)}`;
    const a = await signUp(t.app, { name: `Ann ${tag}` });
    const b = await signUp(t.app, { email: `${tag}@example.com` });
    await signUp(t.app);
    const first = await staff.agent
      .get(`${ADMIN_USERS_PATHS.list}?q=${tag.toUpperCase()}&limit=1`)
      .expect(200);
    expect(first.body.data.map((u: TAdminUser) => u.id)).toEqual([b.user.id]);
    const next = await staff.agent.get(
      `${ADMIN_USERS_PATHS.list}?q=${tag}&limit=1&cursor=${first.body.nextCursor}`,
    );
    expect(next.body).toMatchObject({ data: [{ id: a.user.id, name: `Ann ${tag}` }], nextCursor: null });
    expect((await staff.agent.get(`${ADMIN_USERS_PATHS.list}?cursor=nope`)).status).toBe(400);
  });

  it("reviews one account: domains, orders, held funds and security events", async () => {
    const owner = await signUp(t.app);
    const domain = await addDomain(owner.agent);
    await fundBalance(t.db, owner.user.id, "80.00");
    await signIn(owner.input.email, owner.input.password).expect(200);
    const res = await staff.agent.get(pathTo(ADMIN_USERS_PATHS.one, { id: owner.user.id })).expect(200);
    expect(res.body.user).toMatchObject({ email: owner.input.email, domains: 1, suspendedAt: null });
    expect(res.body.domains).toEqual([{ id: domain.id, name: domain.name, status: "pending" }]);
    expect(res.body.balance).toEqual({ available: "80.00", pending: "0.00" });
    expect(res.body.audit.map((e: { event: string }) => e.event)).toContain("sign_in");
    expect((await staff.agent.get(pathTo(ADMIN_USERS_PATHS.one, { id: ID }))).status).toBe(404);
  });

  it("suspends an account: its sessions end, sign-in, API keys and payouts are refused; restoring lifts it", async () => {
    const owner = await signUp(t.app);
    await fundBalance(t.db, owner.user.id, "80.00");
    await grantApiPlan(t.db, owner.user.id);
    const { key } = await createApiKey(owner.agent);
    await request(t.app).get(API_V1_PATHS.domains).set(bearer(key)).expect(200);

    const res = await staff.agent
      .post(pathTo(ADMIN_USERS_PATHS.suspend, { id: owner.user.id }))
      .send({ reason: "Chargeback fraud" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({ suspendReason: "Chargeback fraud" });
    expect(res.body.user.suspendedAt).toBeTruthy();
    expect((await owner.agent.get(AUTH_PATHS.me)).status).toBe(401);
    const refused = await signIn(owner.input.email, owner.input.password);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("This account is suspended. Contact support to restore it.");
    const call = await request(t.app).get(API_V1_PATHS.domains).set(bearer(key));
    expect(call.status).toBe(403);
    expect(call.body.message).toBe("This account is suspended. Contact support to restore it.");
    expect(
      (
        await staff.agent
          .post(pathTo(ADMIN_USERS_PATHS.suspend, { id: owner.user.id }))
          .send({ reason: "again" })
      ).status,
    ).toBe(409);

    const restored = await staff.agent
      .post(pathTo(ADMIN_USERS_PATHS.restore, { id: owner.user.id }))
      .send({});
    expect(restored.status).toBe(200);
    expect(restored.body.user.suspendedAt).toBeNull();
    const agent = request.agent(t.app);
    await agent
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: owner.input.email, password: owner.input.password })
      .expect(200);
    expect(
      (await staff.agent.post(pathTo(ADMIN_USERS_PATHS.restore, { id: owner.user.id })).send({})).status,
    ).toBe(409);
  });

  it("freezes a suspended account's payouts", async () => {
    const owner = await signUp(t.app);
    await fundBalance(t.db, owner.user.id, "80.00");
    await staff.agent
      .post(pathTo(ADMIN_USERS_PATHS.suspend, { id: owner.user.id }))
      .send({ reason: "Under review" })
      .expect(200);
    // Its sessions are gone; the payout service itself refuses too, whatever asks it.
    await expect(assertPayoutsOpen(t.db, owner.user.id)).rejects.toThrow(
      "Payouts are frozen while the account is suspended. Contact support.",
    );
    await staff.agent
      .post(pathTo(ADMIN_USERS_PATHS.restore, { id: owner.user.id }))
      .send({})
      .expect(200);
    await expect(assertPayoutsOpen(t.db, owner.user.id)).resolves.toBeUndefined();
  });

  it("refuses to suspend yourself, and a reason that is too short", async () => {
    expect(
      (
        await staff.agent
          .post(pathTo(ADMIN_USERS_PATHS.suspend, { id: staff.user.id }))
          .send({ reason: "testing" })
      ).status,
    ).toBe(400);
    const owner = await signUp(t.app);
    expect(
      (await staff.agent.post(pathTo(ADMIN_USERS_PATHS.suspend, { id: owner.user.id })).send({ reason: "x" }))
        .status,
    ).toBe(400);
    expect((await owner.agent.get(AUTH_PATHS.me)).status).toBe(200);
  });
});
