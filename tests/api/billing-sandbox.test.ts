import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveBillingClock } from "../../server/db/billing-clock";
import { sweepSubscriptions } from "../../server/modules/billing/sweep-subscriptions";
import { isEntitled } from "../../server/modules/entitlements/entitlements.service";
import { paidContext } from "../../server/order-effects/order-effects";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { BILLING_PATHS, RECEIPTS_PATH, SUBSCRIPTIONS_PATH } from "../../shared/api/billing";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { ENTITLEMENTS_PATH } from "../../shared/api/entitlements";
import { ACCOUNT_SETTINGS_PATH } from "../../shared/api/settings";
import { grantsOf } from "../../shared/offer-grants";
import { pathTo } from "../../shared/path-to";
import { mailOutbox, subscriptions } from "../../shared/schema";
import { downloadReceipt, orderAccountPlan, payInSandbox, subscribeInSandbox } from "../factories/billing";
import { insertDomain } from "../factories/domains";
import { orderAppraisal } from "../factories/payments";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400;
const HOLD = paidContext(30);
/** A month, a week, a day of the sandbox's billing clock passing, with the billing job's run. */
async function advance(days: number) {
  const now = await moveBillingClock(t.db, days * DAY);
  return sweepSubscriptions({ db: t.db, mailer: t.deps.mailer, paid: HOLD, appUrl: "http://app.test", now });
}
const failRenewals = (id: string, fail: boolean) =>
  t.db.update(subscriptions).set({ failRenewals: fail }).where(eq(subscriptions.id, id));

describe("entitlements of a one-off purchase", () => {
  it("before payment nothing is granted; once paid, the appraisal is an entitlement for the domain", async () => {
    const { agent, user } = await signUp(t.app);
    const domain = await insertDomain(t.db, user.id);
    const orderId = await orderAppraisal(agent, domain.id);
    expect((await agent.get(ENTITLEMENTS_PATH)).body).toEqual([]);

    await payInSandbox(agent, orderId);

    const res = await agent.get(ENTITLEMENTS_PATH);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        feature: "appraisal",
        limit: null,
        endsAt: null,
        source: "order",
        status: "active",
        domainId: domain.id,
      },
    ]);
    expect(await isEntitled({ db: t.db, userId: user.id, feature: "appraisal", domainId: domain.id })).toBe(
      true,
    );
    expect(await isEntitled({ db: t.db, userId: user.id, feature: "broker" })).toBe(false);
  });

  it("a signed-out request for entitlements is refused with 401", async () => {
    expect((await request(t.app).get(ENTITLEMENTS_PATH)).status).toBe(401);
  });
});

describe("a monthly plan in the sandbox", () => {
  it("paying the first month starts a subscription, grants the plan, and the plan shows in Settings", async () => {
    const { agent } = await signUp(t.app);
    const { sub } = await subscribeInSandbox(agent, "business");

    expect(sub).toMatchObject({
      offer: "accountUpgrade",
      amount: "79.00",
      status: "active",
      cancelAtPeriodEnd: false,
    });
    expect((await agent.get(ACCOUNT_SETTINGS_PATH)).body).toEqual({ plan: "business" });
    expect((await agent.get(AUTH_PATHS.me)).body.user.plan).toBe("business");
    // The plan and what it includes, all from its subscription.
    const granted = (await agent.get(ENTITLEMENTS_PATH)).body as { feature: string; source: string }[];
    expect(granted.map((e) => e.feature).sort()).toEqual(
      grantsOf("accountUpgrade", { plan: "business" })
        .map((g) => g.feature)
        .sort(),
    );
    expect(granted).toContainEqual(
      expect.objectContaining({ feature: "account-plan:business", source: "subscription" }),
    );
    expect(new Set(granted.map((e) => e.source))).toEqual(new Set(["subscription"]));
  });

  it("renews every 30 days of the billing clock, one receipt per month", async () => {
    const { agent } = await signUp(t.app);
    const { sub } = await subscribeInSandbox(agent, "pro");
    const firstEnd = new Date(sub.currentPeriodEnd);

    await advance(30);
    await advance(30);

    const [renewed] = (await agent.get(SUBSCRIPTIONS_PATH)).body;
    expect(new Date(renewed.currentPeriodEnd).getTime() - firstEnd.getTime()).toBe(60 * DAY * 1000);
    const receipts = (await agent.get(RECEIPTS_PATH)).body;
    expect(receipts.filter((r: { amount: string }) => r.amount === "29.00")).toHaveLength(3);
    expect((await agent.get(ACCOUNT_SETTINGS_PATH)).body.plan).toBe("pro");
  });

  it("a failed renewal is past due with 7 days of grace and an email; then it lapses; a later payment restores it", async () => {
    const { agent, user } = await signUp(t.app);
    const { sub } = await subscribeInSandbox(agent, "enterprise");
    await failRenewals(sub.id, true);

    await advance(31);
    const [pastDue] = (await agent.get(SUBSCRIPTIONS_PATH)).body;
    expect(pastDue.status).toBe("past_due");
    expect(pastDue.payUrl).toMatch(/^\/checkout\/service\//);
    expect(await isEntitled({ db: t.db, userId: user.id, feature: "account-plan:enterprise" })).toBe(true);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mails.some((m) => m.subject.startsWith("Payment failed"))).toBe(true);

    await advance(7);
    const [lapsed] = (await agent.get(SUBSCRIPTIONS_PATH)).body;
    expect(lapsed.status).toBe("lapsed");
    expect(await isEntitled({ db: t.db, userId: user.id, feature: "account-plan:enterprise" })).toBe(false);
    expect((await agent.get(ACCOUNT_SETTINGS_PATH)).body.plan).toBe("free");
    expect((await agent.get(AUTH_PATHS.me)).body.user.plan).toBe("free");

    await failRenewals(sub.id, false);
    const payOrderId = lapsed.payUrl.split("/").pop();
    await payInSandbox(agent, payOrderId);
    const [restored] = (await agent.get(SUBSCRIPTIONS_PATH)).body;
    expect(restored.status).toBe("active");
    expect(await isEntitled({ db: t.db, userId: user.id, feature: "account-plan:enterprise" })).toBe(true);
    expect((await agent.get(ACCOUNT_SETTINGS_PATH)).body.plan).toBe("enterprise");
  });

  it("cancelled at period end, the plan lasts until the period ends and not a day longer; resume undoes it", async () => {
    const { agent, user } = await signUp(t.app);
    const { sub } = await subscribeInSandbox(agent, "ultimate");

    const cancelled = await agent.post(pathTo(BILLING_PATHS.subscriptionCancel, { id: sub.id }));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.cancelAtPeriodEnd).toBe(true);
    const resumed = await agent.post(pathTo(BILLING_PATHS.subscriptionResume, { id: sub.id }));
    expect(resumed.body.cancelAtPeriodEnd).toBe(false);
    await agent.post(pathTo(BILLING_PATHS.subscriptionCancel, { id: sub.id }));

    const end = new Date(sub.currentPeriodEnd);
    const feature = "account-plan:ultimate";
    const dayBefore = new Date(end.getTime() - DAY * 1000);
    expect(await isEntitled({ db: t.db, userId: user.id, feature, now: dayBefore })).toBe(true);
    expect(
      await isEntitled({ db: t.db, userId: user.id, feature, now: new Date(end.getTime() + 1000) }),
    ).toBe(false);

    await advance(30);
    const [ended] = (await agent.get(SUBSCRIPTIONS_PATH)).body;
    expect(ended.status).toBe("canceled");
    expect((await agent.post(pathTo(BILLING_PATHS.subscriptionResume, { id: sub.id }))).status).toBe(409);
  });

  it("a change of option charges the difference for the rest of the period and grants the new plan", async () => {
    const { agent, user } = await signUp(t.app);
    const { sub } = await subscribeInSandbox(agent, "pro");

    const res = await agent
      .post(pathTo(BILLING_PATHS.subscriptionChange, { id: sub.id }))
      .send({ request: { plan: "business", price: "79.00" } });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ amount: "79.00", option: "Business account plan" });
    const receipts = (await agent.get(RECEIPTS_PATH)).body;
    const proration = receipts.find((r: { description: string }) =>
      r.description.includes("change of option"),
    );
    expect(Number(proration.amount)).toBeGreaterThan(49.9);
    expect(Number(proration.amount)).toBeLessThanOrEqual(50);
    expect(await isEntitled({ db: t.db, userId: user.id, feature: "account-plan:business" })).toBe(true);
    expect(await isEntitled({ db: t.db, userId: user.id, feature: "account-plan:pro" })).toBe(false);
  });

  it("another user's subscription is not found, and a bad id is a 404, never a 500", async () => {
    const owner = await signUp(t.app);
    const { sub } = await subscribeInSandbox(owner.agent, "pro");
    const other = await signUp(t.app);
    expect((await other.agent.post(pathTo(BILLING_PATHS.subscriptionCancel, { id: sub.id }))).status).toBe(
      404,
    );
    expect((await other.agent.post("/api/billing/subscriptions/not-a-uuid/cancel")).status).toBe(404);
    const bad = await owner.agent
      .post(pathTo(BILLING_PATHS.subscriptionChange, { id: sub.id }))
      .send({ request: { plan: "gold" } });
    expect(bad.status).toBe(400);
  });
});

describe("unpaid orders", () => {
  it("are listed and can be cancelled; a cancelled order can no longer be checked out", async () => {
    const { agent } = await signUp(t.app);
    const orderId = await orderAccountPlan(agent, "pro");

    const pending = await agent.get(`${BILLING_PATHS.serviceOrders}?status=pending`);
    expect(pending.body.map((o: { id: string }) => o.id)).toEqual([orderId]);
    expect((await agent.post(pathTo(BILLING_PATHS.serviceOrderCancel, { id: orderId }))).status).toBe(204);
    expect((await agent.get(`${BILLING_PATHS.serviceOrders}?status=pending`)).body).toEqual([]);
    expect(
      (await agent.post(pathTo(CHECKOUT_PATHS.pay, { id: orderId })).send({ provider: "stripe" })).status,
    ).toBe(409);
    expect(
      (await agent.post(`${pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId })}?provider=stripe`)).status,
    ).toBe(409);
    expect((await agent.post(pathTo(BILLING_PATHS.serviceOrderCancel, { id: orderId }))).status).toBe(409);
    expect((await agent.get(`${BILLING_PATHS.serviceOrders}?status=paid`)).status).toBe(400);
  });
});

describe("receipts", () => {
  it("each payment has a PDF receipt with its order, amount and provider; another user's is not found", async () => {
    const { agent } = await signUp(t.app);
    const { orderId } = await subscribeInSandbox(agent, "pro");

    const res = await downloadReceipt(agent, orderId);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect((res.body as Buffer).subarray(0, 5).toString()).toBe("%PDF-");
    const other = await signUp(t.app);
    expect((await other.agent.get(`/api/billing/receipts/${orderId}.pdf`)).status).toBe(404);
    expect((await agent.get("/api/billing/receipts/nope.pdf")).status).toBe(400);
  });
});

describe("orders paid before entitlements existed", () => {
  it("the migration grants what each paid order bought: an account plan for its month, an appraisal for ever", async () => {
    const { agent, user } = await signUp(t.app);
    const domain = await insertDomain(t.db, user.id);
    const planOrder = await orderAccountPlan(agent, "business");
    const appraisalOrder = await orderAppraisal(agent, domain.id);
    const paidAt = new Date(Date.now() - 10 * DAY * 1000).toISOString();
    await t.db.execute(sql`
      update service_orders set status = 'paid', paid_at = ${paidAt}::timestamptz, provider = 'stripe'
      where id in (${planOrder}, ${appraisalOrder})
    `);
    const migration = readFileSync("migrations/0009_subscriptions_entitlements.sql", "utf8").split(
      "--> statement-breakpoint",
    );

    await t.db.execute(sql.raw(migration[migration.length - 1]));

    // Read from the table: the billing clock of this file has moved on months by now.
    const granted = await t.db.execute<{
      feature: string;
      ends_at: Date | null;
      domain_id: string | null;
    }>(sql`
      select feature, ends_at, domain_id from entitlements where user_id = ${user.id} order by feature
    `);
    expect(
      granted.rows.map((r) => [r.feature, r.ends_at && new Date(r.ends_at).toISOString(), r.domain_id]),
    ).toEqual([
      ["account-plan:business", new Date(Date.parse(paidAt) + 30 * DAY * 1000).toISOString(), null],
      ["appraisal", null, domain.id],
    ]);
  });
});
