import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settleStuckPayouts } from "../../server/modules/payouts/settle-stuck-payouts";
import type { PayoutSender } from "../../server/payments/provider";
import type { TAdminPayout } from "../../shared/api/admin/payouts";
import { ADMIN_PAYOUTS_PATHS } from "../../shared/api/admin/payouts";
import { ADMIN_USERS_PATHS } from "../../shared/api/admin/users";
import { API_KEY_PATHS } from "../../shared/api/api-keys";
import { SECURITY_PATHS } from "../../shared/api/auth/security";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { pathTo } from "../../shared/path-to";
import { payouts } from "../../shared/schema";
import { grantApiPlan } from "../factories/api-keys";
import { fundBalance } from "../factories/payments";
import { buySecurity } from "../factories/security";
import { signInStaff } from "../factories/staff";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

/** Suspended, locked-down or frozen payees are never paid, whoever or whatever sends the payout. */
let t: TestApp;
let staff: Awaited<ReturnType<typeof signInStaff>>;
const sends: string[] = [];
const settles: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInStaff(t);
  // Every payout the app hands to the provider, counted on its way.
  const real = t.deps.payments.payouts;
  t.deps.payments.payouts = {
    name: real.name,
    send: (payout) => {
      sends.push(payout.id);
      return real.send(payout);
    },
    settle: (payout) => {
      settles.push(payout.id);
      return real.settle(payout);
    },
  } satisfies PayoutSender;
});
afterAll(() => t.close());

type Owner = Awaited<ReturnType<typeof signUp>>;

/** An owner with a first payout of $1,000, held for review as every first payout is. */
async function ownerWithHeldPayout(): Promise<{ owner: Owner; payoutId: string }> {
  const owner = await signUp(t.app);
  await fundBalance(t.db, owner.user.id, "1000.00");
  const held = await owner.agent
    .post(PAYMENT_PATHS.payout)
    .send({ amount: "1000.00", paypalEmail: "me@wallet.test" })
    .expect(201);
  expect(held.body.status).toBe("held");
  return { owner, payoutId: held.body.id };
}

const payoutStatus = async (id: string) =>
  (await t.db.select({ status: payouts.status }).from(payouts).where(eq(payouts.id, id)))[0].status;

async function queueRow(payoutId: string): Promise<TAdminPayout> {
  const res = await staff.agent.get(ADMIN_PAYOUTS_PATHS.list).query({ status: "all" }).expect(200);
  const row = (res.body.data as TAdminPayout[]).find((p) => p.id === payoutId);
  if (!row) throw new Error(`payout ${payoutId} is not in the queue`);
  return row;
}

async function lockDown(owner: Owner) {
  await buySecurity(owner.agent, ["incident-response"]);
  await owner.agent.post(SECURITY_PATHS.lockdown).expect(200);
}

describe("staff approval of a payee that cannot be paid", () => {
  it("refuses all of 10 concurrent approvals of a suspended account's held payout with 409, and sends nothing", async () => {
    const { owner, payoutId } = await ownerWithHeldPayout();
    await staff.agent
      .post(pathTo(ADMIN_USERS_PATHS.suspend, { id: owner.user.id }))
      .send({ reason: "Chargebacks under review" })
      .expect(200);

    const approvals = await Promise.all(
      Array.from({ length: 10 }, () =>
        staff.agent.post(pathTo(ADMIN_PAYOUTS_PATHS.approve, { id: payoutId })),
      ),
    );

    expect(approvals.map((r) => r.status)).toEqual(Array(10).fill(409));
    for (const answer of approvals) {
      expect(answer.body.message).toContain("suspended (Chargebacks under review)");
    }
    expect(sends).not.toContain(payoutId);
    expect(await payoutStatus(payoutId)).toBe("held");
    const approved = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where event = 'staff_action'
        and detail->>'action' = 'payout.approved' and detail->'object'->>'id' = ${payoutId}`,
    );
    expect(approved.rows[0].n).toBe(0);
  });

  it("shows the payee's suspension in the review queue, and pays once the account is restored", async () => {
    const { owner, payoutId } = await ownerWithHeldPayout();
    expect((await queueRow(payoutId)).payee).toEqual({
      suspended: false,
      suspendReason: null,
      lockedDown: false,
    });
    await staff.agent
      .post(pathTo(ADMIN_USERS_PATHS.suspend, { id: owner.user.id }))
      .send({ reason: "Identity check" })
      .expect(200);
    expect((await queueRow(payoutId)).payee).toEqual({
      suspended: true,
      suspendReason: "Identity check",
      lockedDown: false,
    });

    await staff.agent
      .post(pathTo(ADMIN_USERS_PATHS.restore, { id: owner.user.id }))
      .send({})
      .expect(200);
    const approved = await staff.agent.post(pathTo(ADMIN_PAYOUTS_PATHS.approve, { id: payoutId }));

    expect(approved.status).toBe(200);
    expect(sends).toContain(payoutId);
    expect(await payoutStatus(payoutId)).toBe("completed");
  });

  it("refuses to approve a locked-down account's payout (payouts frozen), and the queue says so", async () => {
    const { owner, payoutId } = await ownerWithHeldPayout();
    await lockDown(owner);

    expect((await queueRow(payoutId)).payee).toMatchObject({ suspended: false, lockedDown: true });
    const approved = await staff.agent.post(pathTo(ADMIN_PAYOUTS_PATHS.approve, { id: payoutId }));

    expect(approved.status).toBe(409);
    expect(approved.body.message).toMatch(/locked their account down.*frozen/);
    expect(sends).not.toContain(payoutId);
    expect(await payoutStatus(payoutId)).toBe("held");
    // Rejecting still works: the amount goes back to the payee's balance.
    await staff.agent
      .post(pathTo(ADMIN_PAYOUTS_PATHS.reject, { id: payoutId }))
      .send({ reason: "Account locked down" })
      .expect(200);
  });
});

describe("payouts the system sends on its own", () => {
  it("the stuck-payout job does not ask the provider (which would resend) for a suspended payee", async () => {
    const { owner, payoutId } = await ownerWithHeldPayout();
    // As if approved and then interrupted before the provider answered.
    await t.db.execute(
      sql`update payouts set status = 'processing', updated_at = now() - interval '1 hour' where id = ${payoutId}`,
    );
    await staff.agent
      .post(pathTo(ADMIN_USERS_PATHS.suspend, { id: owner.user.id }))
      .send({ reason: "Fraud review" })
      .expect(200);

    await settleStuckPayouts({ db: t.db, sender: t.deps.payments.payouts, logger: t.deps.logger });

    expect(settles).not.toContain(payoutId);
    expect(await payoutStatus(payoutId)).toBe("processing");

    await staff.agent
      .post(pathTo(ADMIN_USERS_PATHS.restore, { id: owner.user.id }))
      .send({})
      .expect(200);
    await settleStuckPayouts({ db: t.db, sender: t.deps.payments.payouts, logger: t.deps.logger });
    expect(settles).toContain(payoutId);
    expect(await payoutStatus(payoutId)).not.toBe("processing");
  });
});

describe("API keys of a locked-down account", () => {
  it("refuses a key to the session that survived the lockdown (403) until the password is changed", async () => {
    const owner = await signUp(t.app);
    await grantApiPlan(t.db, owner.user.id);
    await lockDown(owner);

    const refused = await owner.agent
      .post(API_KEY_PATHS.list)
      .send({ name: "after lockdown", scopes: ["read"] });

    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain("locked down");
    const keys = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from api_keys where user_id = ${owner.user.id}`,
    );
    expect(keys.rows[0].n).toBe(0);

    await owner.agent
      .post(AUTH_PATHS.changePassword)
      .send({ currentPassword: owner.input.password, newPassword: "a-brand-new-password" })
      .expect(200);
    const created = await owner.agent.post(API_KEY_PATHS.list).send({ name: "recovered", scopes: ["read"] });
    expect(created.status).toBe(201);
  });
});
