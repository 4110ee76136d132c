import { sql } from "drizzle-orm";
import type { Agent } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settleStuckPayouts } from "../../server/modules/payouts/settle-stuck-payouts";
import { createPayPalClient } from "../../server/payments/paypal-client";
import { paypalPayoutSender } from "../../server/payments/paypal-provider";
import type { PayoutSender } from "../../server/payments/provider";
import { sandboxPayoutSender } from "../../server/payments/sandbox-provider";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { fundBalance, givePayoutHistory, signTaxForm } from "../factories/payments";
import { signUp } from "../factories/users";
import { startFakePayPal } from "../setup/fake-paypal";
import { createTestApp, type TestApp } from "../setup/test-app";

const LATER = () => new Date(Date.now() + 10 * 60_000);

let sandbox: TestApp;
let paypal: TestApp;
let fake: Awaited<ReturnType<typeof startFakePayPal>>;
beforeAll(async () => {
  fake = await startFakePayPal();
  sandbox = await createTestApp();
  paypal = await createTestApp({ env: fake.env });
});
afterAll(async () => {
  await sandbox.close();
  await paypal.close();
  await fake.close();
});

/** The provider's answer is lost: the process died, or the connection dropped after the send. */
function answerLost(sender: PayoutSender, options: { sendFirst: boolean }): PayoutSender {
  return {
    name: sender.name,
    async send(payout) {
      if (options.sendFirst) await sender.send(payout);
      throw new Error("socket hang up");
    },
    settle: (payout) => sender.settle(payout),
  };
}

async function stuckPayout(t: TestApp, sender: PayoutSender, options: { sendFirst: boolean }) {
  const { agent, user } = await signUp(t.app);
  await fundBalance(t.db, user.id, "100.00");
  await givePayoutHistory(t.db, user.id, "me@wallet.test");
  // A payout on a real rail needs the payee's tax form on file.
  await signTaxForm(agent);
  const real = t.deps.payments.payouts;
  t.deps.payments.payouts = answerLost(sender, options);
  const res = await agent.post(PAYMENT_PATHS.payout).send({ amount: 80, paypalEmail: "me@wallet.test" });
  t.deps.payments.payouts = real;
  expect(res.status).toBe(201);
  expect(res.body.status).toBe("processing");
  return { agent, user, payoutId: res.body.id as string };
}

async function state(t: TestApp, agent: Agent, payoutId: string) {
  const { rows } = await t.db.execute<{ status: string; provider_ref: string | null; entries: string[] }>(sql`
    select p.status, p.provider_ref,
      (select array_agg(kind order by created_at) from ledger_entries where payout_id = p.id) as entries
    from payouts p where p.id = ${payoutId}
  `);
  const balance = await agent.get(PAYMENT_PATHS.balance);
  const { availableBalance: available, paidOut, inReview } = balance.body;
  return { ...rows[0], available, paidOut, inReview };
}

describe("payouts left processing", () => {
  it("stay debited while they wait, and the job leaves a young one alone", async () => {
    const { agent, payoutId } = await stuckPayout(sandbox, sandboxPayoutSender, { sendFirst: false });
    expect(await state(sandbox, agent, payoutId)).toMatchObject({
      status: "processing",
      available: "20.00",
      // Still being sent: reserved and shown in review, not paid out.
      paidOut: "0.00",
      inReview: "80.00",
    });
    await settleStuckPayouts({ db: sandbox.db, sender: sandboxPayoutSender, logger: sandbox.deps.logger });
    expect((await state(sandbox, agent, payoutId)).status).toBe("processing");
  });

  it("are completed by the sandbox once stuck, with the one debit kept", async () => {
    const { agent, payoutId } = await stuckPayout(sandbox, sandboxPayoutSender, { sendFirst: false });

    await settleStuckPayouts({
      db: sandbox.db,
      sender: sandboxPayoutSender,
      logger: sandbox.deps.logger,
      now: LATER(),
    });
    const again = await settleStuckPayouts({
      db: sandbox.db,
      sender: sandboxPayoutSender,
      logger: sandbox.deps.logger,
      now: LATER(),
    });

    expect(await state(sandbox, agent, payoutId)).toMatchObject({
      status: "completed",
      provider_ref: `sandbox-payout-${payoutId}`,
      entries: ["payout"],
      available: "20.00",
      paidOut: "80.00",
    });
    expect(again).toEqual({ completed: 0, failed: 0, waiting: 0 });
  });

  it("are settled against PayPal: a send that reached PayPal is not sent again", async () => {
    const sender = paypal.deps.payments.payouts;
    const { agent, payoutId } = await stuckPayout(paypal, sender, { sendFirst: true });
    const sends = () => fake.payouts.filter((p) => JSON.stringify(p).includes(payoutId)).length;
    expect(sends()).toBe(1);

    await settleStuckPayouts({ db: paypal.db, sender, logger: paypal.deps.logger, now: LATER() });

    expect(sends()).toBe(1);
    expect(await state(paypal, agent, payoutId)).toMatchObject({
      status: "completed",
      provider_ref: `BATCH-${payoutId}`,
      entries: ["payout"],
      available: "20.00",
      paidOut: "80.00",
    });
  });

  it("are sent once when the process died before the send, with our payout id as the batch id", async () => {
    const sender = paypal.deps.payments.payouts;
    const { agent, payoutId } = await stuckPayout(paypal, sender, { sendFirst: false });
    expect(fake.batches.has(`BATCH-${payoutId}`)).toBe(false);

    await settleStuckPayouts({ db: paypal.db, sender, logger: paypal.deps.logger, now: LATER() });

    expect(fake.batches.get(`BATCH-${payoutId}`)).toBe("PENDING");
    expect((await state(paypal, agent, payoutId)).status).toBe("completed");
  });

  it("whose batch PayPal denied fail, and the amount comes back as a payout return", async () => {
    const sender = paypal.deps.payments.payouts;
    const { agent, payoutId } = await stuckPayout(paypal, sender, { sendFirst: true });
    fake.batches.set(`BATCH-${payoutId}`, "DENIED");

    await settleStuckPayouts({ db: paypal.db, sender, logger: paypal.deps.logger, now: LATER() });

    expect(await state(paypal, agent, payoutId)).toMatchObject({
      status: "failed",
      entries: ["payout", "payout-return"],
      available: "100.00",
      paidOut: "0.00",
    });
  });

  it("wait for the next run while PayPal cannot be reached", async () => {
    const sender = paypal.deps.payments.payouts;
    const { agent, payoutId } = await stuckPayout(paypal, sender, { sendFirst: false });
    const unreachable = paypalPayoutSender(
      createPayPalClient({ clientId: "x", clientSecret: "y", apiBase: "http://127.0.0.1:9" }),
    );

    const result = await settleStuckPayouts({
      db: paypal.db,
      sender: unreachable,
      logger: paypal.deps.logger,
      now: LATER(),
    });

    expect(result.waiting).toBeGreaterThanOrEqual(1);
    expect(await state(paypal, agent, payoutId)).toMatchObject({ status: "processing", available: "20.00" });
  });
});
