import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settleStuckPayouts } from "../../server/modules/payouts/settle-stuck-payouts";
import type { PayoutSender } from "../../server/payments/provider";
import type { TAdminPayout } from "../../shared/api/admin/payouts";
import { ADMIN_PAYOUTS_PATHS } from "../../shared/api/admin/payouts";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { pathTo } from "../../shared/path-to";
import { payouts } from "../../shared/schema";
import { fundBalance } from "../factories/payments";
import { expectHiddenFromNonStaff, type Staff, signInStaff, staffApp } from "../factories/staff";
import { signUp } from "../factories/users";
import type { TestApp } from "../setup/test-app";

let t: TestApp;
let staff: Staff;
beforeAll(async () => ({ t, staff } = await staffApp()));
afterAll(() => t.close());

const ID = "00000000-0000-4000-8000-000000000000";
const ROUTES = [
  ["get", ADMIN_PAYOUTS_PATHS.list],
  ["post", pathTo(ADMIN_PAYOUTS_PATHS.approve, { id: ID })],
  ["post", pathTo(ADMIN_PAYOUTS_PATHS.reject, { id: ID })],
] as const;

type Owner = Awaited<ReturnType<typeof signUp>>;

const requestPayout = (owner: Owner, amount: string, paypalEmail: string) =>
  owner.agent.post(PAYMENT_PATHS.payout).send({ amount, paypalEmail });

const available = async (owner: Owner) =>
  (await owner.agent.get(PAYMENT_PATHS.balance).expect(200)).body.availableBalance as string;

const payoutRow = async (id: string) => (await t.db.select().from(payouts).where(eq(payouts.id, id)))[0];

const mailsTo = async (email: string) =>
  (
    await t.db.execute<{ subject: string; body: string }>(
      sql`select subject, body from mail_outbox where "to" = ${email} order by created_at`,
    )
  ).rows;

/** An owner whose first payout (held, as every first payout is) staff approved: it completed. */
async function ownerWithCompletedPayout(paypalEmail = "me@wallet.test") {
  const owner = await signUp(t.app);
  await fundBalance(t.db, owner.user.id, "60.00");
  const held = await requestPayout(owner, "60.00", paypalEmail).expect(201);
  await staff.agent.post(pathTo(ADMIN_PAYOUTS_PATHS.approve, { id: held.body.id })).expect(200);
  expect((await payoutRow(held.body.id)).status).toBe("completed");
  return owner;
}

describe("the console's payouts", () => {
  it("answer 404 to signed-out visitors and to owners who are not staff", async () => {
    await expectHiddenFromNonStaff(t, ROUTES, { reason: "fraud" });
  });

  it("hold a first payout: debited, not sent, the owner told why, and staff see it with its reasons", async () => {
    const owner = await signUp(t.app);
    await fundBalance(t.db, owner.user.id, "100.00");

    const res = await requestPayout(owner, "80.00", "first@wallet.test");

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: "80.00", status: "held" });
    expect(res.body.message).toContain("held for review");
    expect(await available(owner)).toBe("20.00");
    const row = await payoutRow(res.body.id);
    expect(row).toMatchObject({ status: "held", providerRef: null });
    expect(row.holdReason).toContain("first payout");
    const history = await owner.agent.get(PAYMENT_PATHS.transactions).expect(200);
    expect(history.body[0]).toMatchObject({ type: "payout", status: "held", amount: "80.00" });
    expect((await mailsTo(owner.input.email)).map((m) => m.subject)).toContain(
      "Your payout is held for review",
    );
    const queue = await staff.agent.get(`${ADMIN_PAYOUTS_PATHS.list}?limit=100`).expect(200);
    const listed = queue.body.data.find((p: TAdminPayout) => p.id === res.body.id);
    expect(listed).toMatchObject({
      amount: "80.00",
      paypalEmail: "first@wallet.test",
      status: "held",
      user: { id: owner.user.id, email: owner.input.email },
      history: { completed: 0, completedTotal: "0.00", lastPaypalEmail: null },
    });
    expect(listed.holdReason).toContain("first payout");
  });

  it("send a small payout to the last completed payout's account at once", async () => {
    const owner = await ownerWithCompletedPayout("me@wallet.test");
    await fundBalance(t.db, owner.user.id, "75.00");

    const res = await requestPayout(owner, "55.00", "ME@wallet.test");

    expect(res.status).toBe(201);
    expect(res.body.status).toBe("completed");
    expect((await payoutRow(res.body.id)).holdReason).toBeNull();
    expect(await available(owner)).toBe("20.00");
  });

  it("hold a payout above PAYOUT_REVIEW_ABOVE even to the usual account", async () => {
    const owner = await ownerWithCompletedPayout("me@wallet.test");
    await fundBalance(t.db, owner.user.id, "1500.00");

    const res = await requestPayout(owner, "1000.01", "me@wallet.test").expect(201);

    expect(res.body.status).toBe("held");
    const row = await payoutRow(res.body.id);
    expect(row.holdReason).toBe("The amount is above $1,000.00.");
    const queue = await staff.agent.get(`${ADMIN_PAYOUTS_PATHS.list}?q=${owner.input.email}`).expect(200);
    expect(queue.body.data[0].history).toEqual({
      completed: 1,
      completedTotal: "60.00",
      lastPaypalEmail: "me@wallet.test",
    });
  });

  it("hold a payout to a PayPal account other than the last completed payout's", async () => {
    const owner = await ownerWithCompletedPayout("me@wallet.test");
    await fundBalance(t.db, owner.user.id, "100.00");

    const res = await requestPayout(owner, "60.00", "someone-else@wallet.test").expect(201);

    expect(res.body.status).toBe("held");
    expect((await payoutRow(res.body.id)).holdReason).toBe(
      "It goes to a PayPal account other than the last payout's (me@wallet.test).",
    );
  });

  it("name a sign-in from a new device in the last 24 hours when the payout goes to a new account", async () => {
    const owner = await ownerWithCompletedPayout("me@wallet.test");
    await fundBalance(t.db, owner.user.id, "200.00");
    const signIn = () =>
      request
        .agent(t.app)
        .post(AUTH_PATHS.login)
        .send({ usernameOrEmail: owner.input.email, password: owner.input.password })
        .expect(200);
    const before = await requestPayout(owner, "60.00", "new@wallet.test").expect(201);
    expect((await payoutRow(before.body.id)).holdReason).not.toContain("new device");

    // Two sign-ins from browsers never seen: at least one is not the account's first device.
    await signIn();
    await signIn();
    const after = await requestPayout(owner, "60.00", "newer@wallet.test").expect(201);

    expect(after.body.status).toBe("held");
    expect((await payoutRow(after.body.id)).holdReason).toContain(
      "within 24 hours of a sign-in from a new device",
    );
  });

  it("send an approved payout once, even when two staff members approve it at the same moment", async () => {
    const owner = await signUp(t.app);
    await fundBalance(t.db, owner.user.id, "100.00");
    const held = await requestPayout(owner, "70.00", "me@wallet.test").expect(201);
    const real = t.deps.payments.payouts;
    const sends: string[] = [];
    const counting: PayoutSender = {
      name: real.name,
      send: (payout) => {
        sends.push(payout.id);
        return real.send(payout);
      },
      settle: (payout) => real.settle(payout),
    };
    t.deps.payments.payouts = counting;
    const second = await signInStaff(t);
    const approvals = await Promise.all([
      staff.agent.post(pathTo(ADMIN_PAYOUTS_PATHS.approve, { id: held.body.id })),
      second.agent.post(pathTo(ADMIN_PAYOUTS_PATHS.approve, { id: held.body.id })),
    ]).finally(() => {
      t.deps.payments.payouts = real;
    });

    expect(approvals.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(sends).toEqual([held.body.id]);
    const row = await payoutRow(held.body.id);
    expect(row).toMatchObject({ status: "completed" });
    expect([staff.user.id, second.user.id]).toContain(row.reviewedBy);
    expect(await available(owner)).toBe("30.00");
    const history = await owner.agent.get(PAYMENT_PATHS.transactions).expect(200);
    expect(history.body[0]).toMatchObject({ type: "payout", status: "completed", amount: "70.00" });
    expect((await mailsTo(owner.input.email)).map((m) => m.subject)).toContain("Your payout was approved");
    const audit = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where event = 'staff_action'
        and detail->>'action' = 'payout.approved' and detail->'object'->>'id' = ${held.body.id}`,
    );
    expect(audit.rows[0].n).toBe(1);
  });

  it("return a rejected payout's amount to the balance exactly, and show the owner the reason", async () => {
    const owner = await signUp(t.app);
    await fundBalance(t.db, owner.user.id, "123.45");
    const held = await requestPayout(owner, "100.01", "me@wallet.test").expect(201);
    expect(await available(owner)).toBe("23.44");

    const res = await staff.agent
      .post(pathTo(ADMIN_PAYOUTS_PATHS.reject, { id: held.body.id }))
      .send({ reason: "The PayPal account is not in your name" });

    expect(res.status).toBe(200);
    expect(await available(owner)).toBe("123.45");
    expect((await owner.agent.get(PAYMENT_PATHS.balance)).body.paidOut).toBe("0.00");
    expect(await payoutRow(held.body.id)).toMatchObject({
      status: "rejected",
      rejectReason: "The PayPal account is not in your name",
      reviewedBy: staff.user.id,
    });
    const history = await owner.agent.get(PAYMENT_PATHS.transactions).expect(200);
    expect(history.body[0]).toMatchObject({ type: "payout", status: "rejected" });
    expect(history.body[0].description).toContain("Rejected: The PayPal account is not in your name");
    const mail = (await mailsTo(owner.input.email)).find((m) => m.subject === "Your payout was rejected");
    expect(mail?.body).toContain("The PayPal account is not in your name");
    expect(
      (
        await staff.agent
          .post(pathTo(ADMIN_PAYOUTS_PATHS.reject, { id: held.body.id }))
          .send({ reason: "again" })
      ).status,
    ).toBe(409);
    expect((await staff.agent.post(pathTo(ADMIN_PAYOUTS_PATHS.approve, { id: held.body.id }))).status).toBe(
      409,
    );
    expect(await available(owner)).toBe("123.45");
  });

  it("are left alone by the stuck-payout job, however long they wait", async () => {
    const owner = await signUp(t.app);
    await fundBalance(t.db, owner.user.id, "90.00");
    const held = await requestPayout(owner, "90.00", "me@wallet.test").expect(201);
    await t.db.execute(
      sql`update payouts set updated_at = now() - interval '30 days' where id = ${held.body.id}`,
    );

    await settleStuckPayouts({ db: t.db, sender: t.deps.payments.payouts, logger: t.deps.logger });

    expect((await payoutRow(held.body.id)).status).toBe("held");
    expect(await available(owner)).toBe("0.00");
  });

  it("keep the account from being deleted while one waits for review", async () => {
    const owner = await signUp(t.app);
    await fundBalance(t.db, owner.user.id, "60.00");
    const held = await requestPayout(owner, "60.00", "me@wallet.test").expect(201);

    const res = await owner.agent.delete(AUTH_PATHS.account);

    expect(res.status).toBe(409);
    expect((await payoutRow(held.body.id)).status).toBe("held");
  });

  it("refuse bad input with 4xx and change nothing", async () => {
    const owner = await signUp(t.app);
    await fundBalance(t.db, owner.user.id, "60.00");
    const held = await requestPayout(owner, "60.00", "me@wallet.test").expect(201);

    expect((await staff.agent.get(`${ADMIN_PAYOUTS_PATHS.list}?status=lost`)).status).toBe(400);
    expect(
      (await staff.agent.post(pathTo(ADMIN_PAYOUTS_PATHS.reject, { id: held.body.id })).send({ reason: " " }))
        .status,
    ).toBe(400);
    expect((await staff.agent.post("/api/admin/payouts/not-an-id/approve")).status).toBe(400);
    expect((await staff.agent.post(pathTo(ADMIN_PAYOUTS_PATHS.approve, { id: ID }))).status).toBe(404);
    expect((await payoutRow(held.body.id)).status).toBe("held");
    const all = await staff.agent
      .get(`${ADMIN_PAYOUTS_PATHS.list}?status=all&q=${owner.input.email}`)
      .expect(200);
    expect(all.body.data.map((p: TAdminPayout) => p.id)).toEqual([held.body.id]);
  });
});
