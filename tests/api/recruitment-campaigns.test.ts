import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveBillingClock } from "../../server/db/billing-clock";
import { applyRefundedOrderToCampaigns } from "../../server/modules/affiliates/campaign-order-effects";
import { settleMissedCampaigns } from "../../server/modules/affiliates/settle-campaign";
import { releaseHeldFunds } from "../../server/modules/ledger/held-funds";
import { paidContext } from "../../server/order-effects/order-effects";
import { fulfilOrder } from "../../server/payments/fulfil-order";
import type { TCampaign } from "../../shared/api/affiliates";
import { CAMPAIGNS_PATH } from "../../shared/api/affiliates";
import { OFFERS } from "../../shared/catalog";
import { MARKETPLACE_SALE_OFFER } from "../../shared/marketplace-deals";
import { TRAINING_COURSES } from "../../shared/prices";
import { serviceOrders } from "../../shared/schema";
import { referralCodeOf } from "../factories/affiliates";
import { payInSandbox } from "../factories/billing";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Account = Awaited<ReturnType<typeof signUp>>;

const codeOf = (userId: string) => referralCodeOf(t.db, userId);
/** A whole refund of an order, as the dispatcher hands it to the areas. */
const refundOf = (orderId: string) => ({
  reason: "refund" as const,
  cause: `re_${orderId}`,
  note: `refund of order ${orderId}`,
});

/** Pays an order as a card payment would (real money), through the one fulfilment path. */
async function payByCard(orderId: string, amountPaid: string) {
  await t.db.transaction((tx) =>
    fulfilOrder(
      tx,
      t.deps.mailer,
      { orderId, provider: "stripe", providerPaymentId: `pi_${randomUUID()}`, amountPaid },
      paidContext(30),
    ),
  );
}

async function orderCourse(account: Account, courseId = "social-media-mastery"): Promise<string> {
  const res = await account.agent.post(OFFERS.trainingCourse.path).send({
    courseId,
    price: TRAINING_COURSES.find((course) => course.id === courseId)?.price,
  });
  expect(res.status).toBe(201);
  return res.body.orderId;
}

async function fundCampaign(buyer: Account, how: "card" | "sandbox") {
  const res = await buyer.agent
    .post(OFFERS.recruitmentIncentive.path)
    .send({ goal: 10, bonusAmount: "500.00", duration: 30 });
  expect(res.status).toBe(201);
  if (how === "card") await payByCard(res.body.orderId, "500.00");
  else await payInSandbox(buyer.agent, res.body.orderId);
}

/** A recruit of `affiliate`: registers through their link and (unless told) pays for a course by card. */
async function recruit(affiliate: Account, pay: "card" | "sandbox" | "none" = "card", email?: string) {
  const account = await signUp(t.app, {
    referralCode: await codeOf(affiliate.user.id),
    ...(email ? { email } : {}),
  });
  if (pay === "none") return account;
  const orderId = await orderCourse(account);
  if (pay === "card") await payByCard(orderId, "197.00");
  else await payInSandbox(account.agent, orderId);
  return account;
}

const campaignsOf = async (account: Account) =>
  (await account.agent.get(CAMPAIGNS_PATH).expect(200)).body as TCampaign[];

const balanceOf = async (userId: string) =>
  (
    await t.db.execute<{ available: string; pending: string }>(
      sql`select coalesce(available, 0)::text as available, coalesce(pending, 0)::text as pending from balances where user_id = ${userId}`,
    )
  ).rows[0] ?? { available: "0", pending: "0" };

/** The campaign bonus a user holds, net of reversals beside it. */
const heldBonus = async (userId: string) =>
  Number(
    (
      await t.db.execute<{ sum: string }>(sql`
        select coalesce(sum(amount), 0)::text as sum from ledger_entries
        where user_id = ${userId} and status = 'pending'
          and (kind = 'campaign-bonus' or starts_with(source_key, 'reversal:campaign:'))
      `)
    ).rows[0].sum,
  );

const notificationTitles = async (userId: string) =>
  (
    await t.db.execute<{ title: string }>(
      sql`select title from notifications where user_id = ${userId} and kind = 'campaign_update' order by created_at`,
    )
  ).rows.map((r) => r.title);

describe("recruitment campaigns", () => {
  it("without buying a goal there is no campaign", async () => {
    const user = await signUp(t.app);
    expect(await campaignsOf(user)).toEqual([]);
  });

  it("reaching the goal shares the bonus among the recruiting affiliates by recruits, as held funds", async () => {
    const buyer = await signUp(t.app, { email: `boss_${randomUUID().slice(0, 8)}@example.com` });
    const busy = await signUp(t.app, { referralCode: await codeOf(buyer.user.id) });
    const quiet = await signUp(t.app, { referralCode: await codeOf(buyer.user.id) });
    // Recruited before the campaign: does not count.
    await recruit(busy);
    await fundCampaign(buyer, "card");

    const [started] = await campaignsOf(buyer);
    expect(started).toMatchObject({ goal: 10, recruits: 0, status: "active", bonus: "500.00", test: false });
    expect(started.daysLeft).toBe(30);
    expect(new Date(started.endsAt).getTime() - new Date(started.startsAt).getTime()).toBe(30 * 86_400_000);

    // None of these count: a sign-up alone, a test payment, the buyer's own mailbox, the buyer's own direct referral.
    await recruit(busy, "none");
    await recruit(busy, "sandbox");
    await recruit(busy, "card", buyer.input.email.replace("@", "+alt@"));
    const direct = await signUp(t.app, { referralCode: await codeOf(buyer.user.id) });
    await payByCard(await orderCourse(direct), "197.00");
    expect((await campaignsOf(buyer))[0].recruits).toBe(0);

    for (let i = 0; i < 6; i++) await recruit(busy);
    for (let i = 0; i < 3; i++) await recruit(quiet);
    expect((await campaignsOf(buyer))[0]).toMatchObject({ recruits: 9, status: "active" });
    const early = await t.db.execute(
      sql`select 1 from ledger_entries where kind = 'campaign-bonus' and user_id = ${busy.user.id}`,
    );
    expect(early.rows).toHaveLength(0);

    // A second paid order of a recruit (another course) counts them once.
    const again = await recruit(quiet);
    await payByCard(await orderCourse(again, "email-marketing"), "247.00");
    const [reached] = await campaignsOf(buyer);
    expect(reached).toMatchObject({ recruits: 10, status: "reached", daysLeft: 0 });

    // 6 of 10 recruits and 4 of 10: $300 and $200, pending for the refund window. Commission on
    // the recruits' own orders goes to their direct referrer as always, apart from the bonus.
    const bonus = await t.db.execute<{ user_id: string; amount: string; status: string }>(sql`
      select user_id::text, amount::text, status from ledger_entries where kind = 'campaign-bonus'
        and user_id in (${busy.user.id}, ${quiet.user.id}) order by amount desc
    `);
    expect(bonus.rows).toEqual([
      { user_id: busy.user.id, amount: "300.00", status: "pending" },
      { user_id: quiet.user.id, amount: "200.00", status: "pending" },
    ]);
    expect(await notificationTitles(busy.user.id)).toContain("Recruitment bonus earned");
    expect(await notificationTitles(buyer.user.id)).toEqual([
      "Recruitment campaign started",
      "Recruitment goal reached",
    ]);

    // Another user never sees this campaign.
    expect(await campaignsOf(busy)).toEqual([]);
  });

  it("buying another user's domain in escrow makes nobody a recruit, however cheap the listing", async () => {
    const buyer = await signUp(t.app);
    const affiliate = await signUp(t.app, { referralCode: await codeOf(buyer.user.id) });
    await fundCampaign(buyer, "card");
    for (let i = 0; i < 3; i++) {
      const account = await recruit(affiliate, "none");
      const [order] = await t.db
        .insert(serviceOrders)
        .values({
          userId: account.user.id,
          offerId: MARKETPLACE_SALE_OFFER,
          serviceType: "marketplace",
          description: "Escrow purchase of cheap.example",
          price: "0.01",
        })
        .returning();
      await payByCard(order.id, "0.01");
    }
    expect((await campaignsOf(buyer))[0]).toMatchObject({ recruits: 0, status: "active" });

    // A service the platform sells still counts.
    await recruit(affiliate);
    expect((await campaignsOf(buyer))[0].recruits).toBe(1);
  });

  it("missing the goal by the deadline returns the bonus to the buyer's balance, once", async () => {
    const buyer = await signUp(t.app);
    const affiliate = await signUp(t.app, { referralCode: await codeOf(buyer.user.id) });
    await fundCampaign(buyer, "card");
    await recruit(affiliate);
    // A recruit whose only order is refunded stops counting while the campaign runs.
    const refunded = await recruit(affiliate);
    expect((await campaignsOf(buyer))[0].recruits).toBe(2);
    await t.db.transaction(async (tx) => {
      const [order] = await tx.select().from(serviceOrders).where(eq(serviceOrders.userId, refunded.user.id));
      await applyRefundedOrderToCampaigns(tx, order, refundOf(order.id));
    });
    expect((await campaignsOf(buyer))[0].recruits).toBe(1);
    const before = await balanceOf(buyer.user.id);

    const at29 = await moveBillingClock(t.db, 29 * 86_400);
    expect(await settleMissedCampaigns({ db: t.db, now: at29 })).toEqual({ missed: 0 });
    expect((await campaignsOf(buyer))[0]).toMatchObject({ status: "active", recruits: 1, daysLeft: 1 });

    const at31 = await moveBillingClock(t.db, 2 * 86_400);
    // A recruit who pays after the deadline does not count.
    await recruit(affiliate);
    await settleMissedCampaigns({ db: t.db, now: at31 });
    await settleMissedCampaigns({ db: t.db, now: at31 });
    expect((await campaignsOf(buyer))[0]).toMatchObject({ status: "missed", recruits: 1, daysLeft: 0 });
    const after = await balanceOf(buyer.user.id);
    expect(Number(after.available) - Number(before.available)).toBe(500);
    expect(await notificationTitles(buyer.user.id)).toContain("Recruitment goal missed");
    const paidToAffiliate = await t.db.execute(
      sql`select 1 from ledger_entries where user_id = ${affiliate.user.id} and kind = 'campaign-bonus'`,
    );
    expect(paidToAffiliate.rows).toHaveLength(0);
  });

  it("a campaign paid in test mode returns its bonus as test money, never into the balance", async () => {
    const buyer = await signUp(t.app);
    await fundCampaign(buyer, "sandbox");
    expect((await campaignsOf(buyer))[0]).toMatchObject({ test: true, status: "active" });
    const now = await moveBillingClock(t.db, 31 * 86_400);
    await settleMissedCampaigns({ db: t.db, now });
    expect((await campaignsOf(buyer))[0].status).toBe("missed");
    expect(Number((await balanceOf(buyer.user.id)).available)).toBe(0);
    const recorded = await t.db.execute<{ test: string }>(
      sql`select metadata->>'test' as test from revenue_events where user_id = ${buyer.user.id} and starts_with(source_key, 'campaign-return:')`,
    );
    expect(recorded.rows).toEqual([{ test: "true" }]);
  });

  it("a recruit refunded during the bonus hold drops a reached campaign below its goal: the held bonus is reversed, and after the hold nothing changes", async () => {
    const buyer = await signUp(t.app);
    const affiliate = await signUp(t.app, { referralCode: await codeOf(buyer.user.id) });
    await fundCampaign(buyer, "card");
    const recruits: Account[] = [];
    for (let i = 0; i < 10; i++) recruits.push(await recruit(affiliate));
    expect((await campaignsOf(buyer))[0]).toMatchObject({ status: "reached", recruits: 10 });
    expect(await heldBonus(affiliate.user.id)).toBe(500);
    const refund = async (account: Account) =>
      t.db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(serviceOrders)
          .where(eq(serviceOrders.userId, account.user.id));
        await applyRefundedOrderToCampaigns(tx, order, refundOf(order.id));
      });

    // Within the hold: the campaign falls to 9 of 10, the bonus is taken back and it runs again.
    await refund(recruits[0]);
    expect((await campaignsOf(buyer))[0]).toMatchObject({ status: "active", recruits: 9 });
    expect(await heldBonus(affiliate.user.id)).toBe(0);
    expect(await notificationTitles(affiliate.user.id)).toContain("Recruitment bonus reversed");
    expect(await notificationTitles(buyer.user.id)).toContain("Recruitment goal no longer reached");

    // Another recruit reaches it again: a new bonus, apart from the reversed one.
    recruits.push(await recruit(affiliate));
    expect((await campaignsOf(buyer))[0]).toMatchObject({ status: "reached", recruits: 10 });
    expect(await heldBonus(affiliate.user.id)).toBe(500);

    // The hold ends (31 days on): a later refund changes nothing.
    await releaseHeldFunds({ db: t.db, now: new Date(Date.now() + 31 * 86_400_000) });
    const released = await balanceOf(affiliate.user.id);
    await refund(recruits[1]);
    expect((await campaignsOf(buyer))[0]).toMatchObject({ status: "reached", recruits: 10 });
    expect(await balanceOf(affiliate.user.id)).toEqual(released);
  });

  it("a recruit refunded in the hold after the campaign's end returns the bonus to the buyer as a miss", async () => {
    const buyer = await signUp(t.app);
    const affiliate = await signUp(t.app, { referralCode: await codeOf(buyer.user.id) });
    await fundCampaign(buyer, "card");
    const recruits: Account[] = [];
    for (let i = 0; i < 10; i++) recruits.push(await recruit(affiliate));
    expect((await campaignsOf(buyer))[0].status).toBe("reached");
    const before = await balanceOf(buyer.user.id);

    const at31 = await moveBillingClock(t.db, 31 * 86_400);
    const [order] = await t.db
      .select()
      .from(serviceOrders)
      .where(eq(serviceOrders.userId, recruits[3].user.id));
    await t.db.transaction((tx) => applyRefundedOrderToCampaigns(tx, order, refundOf(order.id)));
    expect(await settleMissedCampaigns({ db: t.db, now: at31 })).toEqual({ missed: 1 });
    expect((await campaignsOf(buyer))[0]).toMatchObject({ status: "missed", recruits: 9 });
    expect(Number((await balanceOf(buyer.user.id)).available) - Number(before.available)).toBe(500);
    expect(await heldBonus(affiliate.user.id)).toBe(0);
  });
});
