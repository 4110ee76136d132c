import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTO_PAYOUTS_CRON, AUTO_PAYOUTS_QUEUE } from "../../server/jobs/auto-payouts-job";
import { lockDownAccount } from "../../server/modules/auth/lockdown";
import { suspendAccount } from "../../server/modules/auth/suspension";
import { runAutoPayouts } from "../../server/modules/payouts/auto-payouts";
import { PayoutRefused, type PayoutSender } from "../../server/payments/provider";
import { sandboxPayoutSender } from "../../server/payments/sandbox-provider";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { mailOutbox, payouts, users } from "../../shared/schema";
import { fundBalance, givePayoutHistory, heldOf } from "../factories/payments";
import { signUp } from "../factories/users";
import { eventually } from "../setup/eventually";
import { queueRunFromOtherInstance, startTestJobQueue } from "../setup/job-queue";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Wednesday 25 November 2026, noon UTC: the week began on Monday the 23rd. */
const WEDNESDAY = new Date("2026-11-25T12:00:00Z");
const WEEK_MS = 7 * 86_400_000;

const run = (now: Date, sender: PayoutSender = sandboxPayoutSender) =>
  runAutoPayouts({
    db: t.db,
    mailer: t.deps.mailer,
    sender,
    logger: t.deps.logger,
    reviewAbove: t.deps.config.payoutReviewAbove,
    now,
  });

/** An owner with auto payout on, a completed payout to me@wallet.test before, and `amount` available. */
async function autoPayer(
  amount: string,
  settings: Partial<typeof users.$inferInsert> = {},
  timeZone = "UTC",
) {
  const account = await signUp(t.app, { timeZone });
  await t.db
    .update(users)
    .set({ autoPayout: true, payoutFrequency: "weekly", ...settings })
    .where(eq(users.id, account.user.id));
  await givePayoutHistory(t.db, account.user.id, "me@wallet.test");
  await fundBalance(t.db, account.user.id, amount);
  return account;
}

const automaticOf = (userId: string) =>
  t.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.userId, userId), sql`${payouts.scheduledPeriod} is not null`))
    .orderBy(payouts.createdAt);
const mailsTo = async (email: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).map((m) => m.subject);

describe("automatic payouts", () => {
  it("pay the whole available balance once a week to the last payout's account, with the history and an email", async () => {
    const { agent, user, input } = await autoPayer("320.50");

    await run(WEDNESDAY);
    await fundBalance(t.db, user.id, "75.00");
    await run(new Date(WEDNESDAY.getTime() + 3_600_000));

    const [payout] = await automaticOf(user.id);
    expect(await automaticOf(user.id)).toHaveLength(1);
    expect(payout).toMatchObject({
      amount: "320.50",
      paypalEmail: "me@wallet.test",
      status: "completed",
      scheduledPeriod: "weekly:2026-11-23",
    });
    expect(await heldOf(t.db, user.id)).toMatchObject({ available: "75.00" });
    expect(await mailsTo(input.email)).toContain("Your automatic payout was sent");
    const history = (await agent.get(PAYMENT_PATHS.transactions)).body;
    expect(history[0]).toMatchObject({ type: "payout", amount: "320.50", status: "completed" });
    expect(history[0].description).toBe("Automatic payout to me@wallet.test");
    expect((await agent.get(PAYMENT_PATHS.balance)).body).toMatchObject({ paidOut: "320.50" });

    await run(new Date(WEDNESDAY.getTime() + WEEK_MS));
    expect((await automaticOf(user.id)).map((p) => [p.scheduledPeriod, p.amount])).toEqual([
      ["weekly:2026-11-23", "320.50"],
      ["weekly:2026-11-30", "75.00"],
    ]);
  });

  it("count weeks and months from midnight in the owner's time zone", async () => {
    // Sunday 29 November, 20:00 UTC: Monday 09:00 in Auckland, still Sunday in New York.
    const sunday = new Date("2026-11-29T20:00:00Z");
    const auckland = await autoPayer("100.00", {}, "Pacific/Auckland");
    const newYork = await autoPayer("100.00", {}, "America/New_York");
    await run(sunday);
    // Monday 30 November, 20:00 UTC: 1 December in Auckland, still November in New York.
    const monday = new Date("2026-11-30T20:00:00Z");
    const monthlyAuckland = await autoPayer("100.00", { payoutFrequency: "monthly" }, "Pacific/Auckland");
    const monthlyNewYork = await autoPayer("100.00", { payoutFrequency: "monthly" }, "America/New_York");
    await run(monday);

    const periodOf = async (userId: string) => (await automaticOf(userId)).map((p) => p.scheduledPeriod);
    expect(await periodOf(auckland.user.id)).toEqual(["weekly:2026-11-30"]);
    expect(await periodOf(newYork.user.id)).toEqual(["weekly:2026-11-23"]);
    expect(await periodOf(monthlyAuckland.user.id)).toEqual(["monthly:2026-12"]);
    expect(await periodOf(monthlyNewYork.user.id)).toEqual(["monthly:2026-11"]);
  });

  it("pay nobody whose switch is off, whose frequency is manual, whose funds are below the minimum or who never completed a payout", async () => {
    const off = await autoPayer("200.00", { autoPayout: false });
    const manual = await autoPayer("200.00", { payoutFrequency: "manual" });
    const below = await autoPayer("99.99", { minPayout: "100.00" });
    const firstTimer = await signUp(t.app);
    await fundBalance(t.db, firstTimer.user.id, "200.00");

    await run(WEDNESDAY);

    for (const { user } of [off, manual, below]) expect(await automaticOf(user.id)).toEqual([]);
    expect(await t.db.select().from(payouts).where(eq(payouts.userId, firstTimer.user.id))).toEqual([]);
    expect(await heldOf(t.db, below.user.id)).toMatchObject({ available: "99.99" });
  });

  it("skip a suspended or locked-down account, and pay it in the same period once it is open again", async () => {
    const suspended = await autoPayer("150.00");
    const lockedDown = await autoPayer("150.00");
    await suspendAccount(t.db, suspended.user.id, "chargebacks");
    await lockDownAccount({
      db: t.db,
      userId: lockedDown.user.id,
      currentSid: "none",
      meta: { address: "127.0.0.1", userAgent: "test" },
    });

    const frozen = await run(WEDNESDAY);

    expect(frozen.skipped).toBeGreaterThanOrEqual(2);
    expect(await automaticOf(suspended.user.id)).toEqual([]);
    expect(await automaticOf(lockedDown.user.id)).toEqual([]);
    expect(await heldOf(t.db, suspended.user.id)).toMatchObject({ available: "150.00" });

    await t.db.update(users).set({ suspendedAt: null }).where(eq(users.id, suspended.user.id));
    await run(new Date(WEDNESDAY.getTime() + 3_600_000));
    expect((await automaticOf(suspended.user.id)).map((p) => p.status)).toEqual(["completed"]);
  });

  it("hold one above the review threshold for staff, reserved and shown in review", async () => {
    const { agent, user, input } = await autoPayer("1500.00");

    const result = await run(WEDNESDAY);

    expect(result.held).toBeGreaterThanOrEqual(1);
    expect((await automaticOf(user.id)).map((p) => p.status)).toEqual(["held"]);
    expect(await mailsTo(input.email)).toContain("Your payout is held for review");
    expect((await agent.get(PAYMENT_PATHS.balance)).body).toMatchObject({
      availableBalance: "0.00",
      paidOut: "0.00",
      inReview: "1500.00",
    });
  });

  it("put a payout the provider refused back in the balance, tell the owner, and not retry it that period", async () => {
    const refusing: PayoutSender = {
      ...sandboxPayoutSender,
      async send() {
        throw new PayoutRefused("receiver unknown");
      },
    };
    const { user, input } = await autoPayer("90.00");

    await run(WEDNESDAY, refusing);
    await run(new Date(WEDNESDAY.getTime() + 3_600_000), refusing);

    expect((await automaticOf(user.id)).map((p) => p.status)).toEqual(["failed"]);
    expect(await heldOf(t.db, user.id)).toMatchObject({ available: "90.00" });
    expect(await mailsTo(input.email)).toContain("Your automatic payout could not be sent");
  });

  it("pay a period once when runs overlap", async () => {
    const { user } = await autoPayer("400.00");

    await Promise.all([run(WEDNESDAY), run(WEDNESDAY), run(WEDNESDAY), run(WEDNESDAY)]);

    expect(await automaticOf(user.id)).toHaveLength(1);
    expect(await heldOf(t.db, user.id)).toMatchObject({ available: "0.00" });
  });

  it("refuse a second payout of a period at the database even past the service's check", async () => {
    const { user } = await autoPayer("60.00");
    await run(WEDNESDAY);

    const again = t.db.insert(payouts).values({
      userId: user.id,
      amount: "50.00",
      paypalEmail: "me@wallet.test",
      provider: "sandbox",
      status: "processing",
      scheduledPeriod: "weekly:2026-11-23",
    });

    await expect(again).rejects.toThrow();
  });
});

describe("the automatic payouts job", () => {
  it("is scheduled hourly and a queued run pays a due account", async () => {
    const { user } = await autoPayer("55.00");
    // Another instance asks for a run before this one starts its worker.
    const other = await queueRunFromOtherInstance(t, AUTO_PAYOUTS_QUEUE);

    const queue = await startTestJobQueue(t, {
      autoPayouts: { sender: sandboxPayoutSender, reviewAbove: t.deps.config.payoutReviewAbove },
    });
    try {
      const paid = await eventually(
        () => automaticOf(user.id),
        (rows) => rows.length > 0 && rows.every((r) => r.status !== "processing"),
        20_000,
      );
      expect(paid.map((p) => p.status)).toEqual(["completed"]);
      const schedules = await t.db.execute<{ cron: string }>(
        sql`select cron from pgboss.schedule where name = ${AUTO_PAYOUTS_QUEUE}`,
      );
      expect(schedules.rows).toEqual([{ cron: AUTO_PAYOUTS_CRON }]);
    } finally {
      await queue.stop();
      await other.stop({ graceful: false, wait: true });
    }
  });
});
