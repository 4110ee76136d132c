import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestPayout } from "../../server/modules/payouts/payouts.service";
import {
  pollPayPalBatches,
  returnUnclaimedPayouts,
  runPayPalBatch,
} from "../../server/modules/payouts/paypal-batch";
import { ADMIN_PAYOUTS_PATHS } from "../../shared/api/admin/payouts";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { pathTo } from "../../shared/path-to";
import { payouts, taxForms } from "../../shared/schema";
import { fundBalance, givePayoutHistory } from "../factories/payments";
import { type Staff, signInStaff } from "../factories/staff";
import { signUp } from "../factories/users";
import { paypalWebhook, postStripeWebhook } from "../factories/webhooks";
import type { startFakePayPal } from "../setup/fake-paypal";
import type { startFakeStripe } from "../setup/fake-stripe";
import { createTestAppWithPaymentFakes, type TestApp } from "../setup/test-app";

const SECRET = "whsec_payout_rails";
let t: TestApp;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let paypal: Awaited<ReturnType<typeof startFakePayPal>>;
let staff: Staff;
beforeAll(async () => {
  const app = await createTestAppWithPaymentFakes(SECRET);
  ({ t, stripeFake: stripe, paypalFake: paypal } = app);
  staff = await signInStaff(t);
});
afterAll(() => t.close());

type Owner = Awaited<ReturnType<typeof signUp>>;
const W8BEN = {
  kind: "w8ben",
  legalName: "Ana Souza",
  country: "BR",
  address: "Rua das Flores 10, São Paulo",
  treatyClaim: null,
  signatureName: "Ana Souza",
  certified: true,
};
const available = async (owner: Owner) =>
  (await owner.agent.get(PAYMENT_PATHS.balance).expect(200)).body.availableBalance as string;
const payoutRow = async (id: string) => (await t.db.select().from(payouts).where(eq(payouts.id, id)))[0];
const ledgerOf = async (userId: string) =>
  (
    await t.db.execute<{ kind: string; amount: string }>(
      sql`select kind, amount::text from ledger_entries where user_id = ${userId} and payout_id is not null order by created_at, kind`,
    )
  ).rows;
const logger = () => t.deps.logger;

describe("tax forms before the first payout", () => {
  it("refuses a payout with no form, keeps a W-9's TIN sealed and shown as its last four, and withholds 24% without a TIN", async () => {
    const owner = await signUp(t.app);
    await fundBalance(t.db, owner.user.id, "300.00");
    await givePayoutHistory(t.db, owner.user.id, "me@wallet.test");

    const refused = await owner.agent
      .post(PAYMENT_PATHS.payout)
      .send({ amount: "100.00", paypalEmail: "me@wallet.test" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("tax form");
    expect(await available(owner)).toBe("300.00");
    expect(paypal.payouts).toHaveLength(0);

    const badTin = await owner.agent.post(PAYMENT_PATHS.taxForms).send({
      kind: "w9",
      legalName: "Sam Lee",
      tinType: "ssn",
      tin: "666-12-3456",
      address: "1 Main St, Austin TX",
      signatureName: "Sam Lee",
      certified: true,
    });
    expect(badTin.status).toBe(400);
    expect(JSON.stringify(badTin.body)).toContain("valid SSN");

    const withTin = await owner.agent
      .post(PAYMENT_PATHS.taxForms)
      .send({
        kind: "w9",
        legalName: "Sam Lee",
        tinType: "ssn",
        tin: "123-45-6789",
        address: "1 Main St, Austin TX",
        signatureName: "Sam Lee",
        certified: true,
      })
      .expect(201);
    expect(withTin.body.form).toMatchObject({ kind: "w9", tinLast4: "6789", backupWithholding: false });
    expect(JSON.stringify(withTin.body)).not.toContain("123456789");
    const [stored] = await t.db.select().from(taxForms).where(eq(taxForms.id, withTin.body.form.id));
    expect(stored.tinSealed).not.toContain("6789");
    expect(t.deps.taxIdKeys.open(stored.tinSealed as string, stored.tinKeyId as string, owner.user.id)).toBe(
      "123456789",
    );
    const pdf = await owner.agent.get(PAYMENT_PATHS.taxFormCurrentPdf).expect(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");

    // A new W-9 without a TIN replaces it: 24% of the next payout is withheld and booked.
    await owner.agent
      .post(PAYMENT_PATHS.taxForms)
      .send({
        kind: "w9",
        legalName: "Sam Lee",
        address: "1 Main St, Austin TX",
        signatureName: "Sam Lee",
        certified: true,
      })
      .expect(201);
    const paid = await owner.agent
      .post(PAYMENT_PATHS.payout)
      .send({ amount: "100.00", paypalEmail: "me@wallet.test" })
      .expect(201);
    expect(paid.body.status).toBe("completed");
    expect(await payoutRow(paid.body.id)).toMatchObject({
      amount: "100.00",
      withheld: "24.00",
      status: "completed",
    });
    expect(paypal.payouts.at(-1)).toMatchObject({ items: [{ amount: { value: "76.00" } }] });
    expect(await ledgerOf(owner.user.id)).toEqual([
      { kind: "backup-withholding", amount: "-24.00" },
      { kind: "payout", amount: "-76.00" },
    ]);
    expect(await available(owner)).toBe("200.00");
  });
});

describe("PayPal Payouts in batches", () => {
  it("sends 50 payouts in one batch, runs twice without sending anything twice, and follows each item", async () => {
    const owner = await signUp(t.app);
    await owner.agent.post(PAYMENT_PATHS.taxForms).send(W8BEN).expect(201);
    await owner.agent.put(PAYMENT_PATHS.payoutRail).send({ rail: "paypal-batch" }).expect(200);
    await fundBalance(t.db, owner.user.id, "2500.00");
    await givePayoutHistory(t.db, owner.user.id, "batch@wallet.test");
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const answer = await requestPayout({
        db: t.db,
        mailer: t.deps.mailer,
        sender: t.deps.payments.payouts,
        rails: t.deps.payments.payoutRails,
        logger: logger(),
        reviewAbove: "1000.00",
        userId: owner.user.id,
        amount: "50.00",
        paypalEmail: "batch@wallet.test",
      });
      expect(answer.status).toBe("processing");
      ids.push(answer.id);
    }
    const outcomes: Record<number, string> = {
      0: "UNCLAIMED",
      1: "FAILED",
      2: "RETURNED",
      3: "BLOCKED",
      4: "PENDING",
    };
    for (const [i, status] of Object.entries(outcomes)) paypal.itemStatus.set(ids[Number(i)], status);
    const batchesBefore = paypal.payouts.length;

    const first = await runPayPalBatch({ db: t.db, paypal: t.deps.payments.paypal!, logger: logger() });
    expect(first.runs).toHaveLength(1);
    expect(first.runs[0].items).toBe(50);
    // A second run, and a retry of the same run (the process died before it saw PayPal's answer).
    const second = await runPayPalBatch({ db: t.db, paypal: t.deps.payments.paypal!, logger: logger() });
    expect(second.runs).toEqual([]);
    await t.db.execute(sql`update payout_runs set status = 'open' where id = ${first.runs[0].runId}`);
    await runPayPalBatch({ db: t.db, paypal: t.deps.payments.paypal!, logger: logger() });
    expect(paypal.payouts.length - batchesBefore).toBe(1);
    const batch = paypal.payouts.at(-1) as {
      sender_batch_header: { sender_batch_id: string };
      items: unknown[];
    };
    expect(batch.sender_batch_header.sender_batch_id).toBe(first.runs[0].runId);
    expect(batch.items).toHaveLength(50);

    await pollPayPalBatches({ db: t.db, paypal: t.deps.payments.paypal!, logger: logger() });
    const rows = await Promise.all(ids.map(payoutRow));
    expect(rows.filter((r) => r.status === "completed")).toHaveLength(45);
    expect(rows.slice(0, 5).map((r) => r.status)).toEqual([
      "unclaimed",
      "failed",
      "failed",
      "failed",
      "processing",
    ]);
    expect(rows[1].failureReason).toBe("Receiver failed");
    // Three failures came back; the unclaimed and the pending one are still out.
    expect(await available(owner)).toBe(String((2500 - 47 * 50).toFixed(2)));

    // The pending one succeeds by webhook; a replayed failure webhook moves nothing.
    const itemEvent = (senderItemId: string, status: string) => ({
      id: `WH-${senderItemId}-${status}`,
      event_type: `PAYMENT.PAYOUTS-ITEM.${status === "SUCCESS" ? "SUCCEEDED" : status}`,
      resource: {
        payout_item_id: `ITEM-${senderItemId}`,
        transaction_status: status,
        payout_item: { sender_item_id: senderItemId },
      },
    });
    await paypalWebhook(t.app, itemEvent(ids[4], "SUCCESS")).expect(200);
    await paypalWebhook(t.app, itemEvent(ids[1], "FAILED")).expect(200);
    expect((await payoutRow(ids[4])).status).toBe("completed");
    expect(await available(owner)).toBe(String((2500 - 47 * 50).toFixed(2)));

    // PayPal's 30 days pass with the unclaimed one unclaimed: it comes back, once.
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await returnUnclaimedPayouts({ db: t.db, now: later })).toEqual({ returned: 1 });
    expect(await returnUnclaimedPayouts({ db: t.db, now: later })).toEqual({ returned: 0 });
    expect(await available(owner)).toBe(String((2500 - 46 * 50).toFixed(2)));
  });
});

describe("bank payouts through Stripe Connect", () => {
  let owner: Owner;
  let accountId: string;

  it("creates an Express account and its onboarding link, and follows account.updated to payouts enabled", async () => {
    owner = await signUp(t.app);
    const link = await owner.agent.post(PAYMENT_PATHS.bankAccount).expect(201);
    expect(link.body.url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/e\/acct_/);
    accountId = [...stripe.accounts.keys()].at(-1) as string;
    expect(stripe.accounts.get(accountId)).toMatchObject({ type: "express", email: owner.input.email });
    const before = await owner.agent.get(PAYMENT_PATHS.payoutAccount).expect(200);
    expect(before.body).toMatchObject({ rail: "stripe", bankAccount: { state: "onboarding" } });
    await owner.agent.post(PAYMENT_PATHS.taxForms).send(W8BEN).expect(201);
    await fundBalance(t.db, owner.user.id, "500.00");
    const early = await owner.agent.post(PAYMENT_PATHS.payout).send({ amount: "100.00" });
    expect(early.status).toBe(409);
    expect(early.body.message).toContain("bank account is not ready");

    const updated = stripe.completeOnboarding(accountId);
    await postStripeWebhook(t.app, updated.payload, updated.signature).expect(200);
    const after = await owner.agent.get(PAYMENT_PATHS.payoutAccount).expect(200);
    expect(after.body.bankAccount).toEqual({
      state: "ready",
      words: "Ready: payouts go to your bank account.",
      requirementsDue: [],
    });
  });

  it("pays one payout by transfer (keyed by the payout id) and returns a failed one exactly once", async () => {
    await givePayoutHistory(t.db, owner.user.id, accountId);
    const paid = await owner.agent.post(PAYMENT_PATHS.payout).send({ amount: "100.00" }).expect(201);
    expect(paid.body.status).toBe("processing");
    const transferCall = stripe.requests.find(
      (r) => r.path === "/v1/transfers" && r.form["metadata[payoutId]"] === paid.body.id,
    );
    expect(transferCall?.headers["idempotency-key"]).toBe(paid.body.id);
    expect(transferCall?.form).toMatchObject({ amount: "10000", destination: accountId });
    const paidBank = [...stripe.bankPayouts.values()].find(
      (p) => (p.metadata as { payoutId: string }).payoutId === paid.body.id,
    );
    const paidEvent = stripe.settleBankPayout(paidBank?.id as string, "paid");
    await postStripeWebhook(t.app, paidEvent.payload, paidEvent.signature).expect(200);
    expect(await payoutRow(paid.body.id)).toMatchObject({ status: "completed", providerStatus: "paid" });

    const failing = await owner.agent.post(PAYMENT_PATHS.payout).send({ amount: "100.00" }).expect(201);
    expect(await available(owner)).toBe("300.00");
    const failingBank = [...stripe.bankPayouts.values()].find(
      (p) => (p.metadata as { payoutId: string }).payoutId === failing.body.id,
    );
    const failed = stripe.settleBankPayout(
      failingBank?.id as string,
      "failed",
      "The bank account has been closed.",
    );
    await postStripeWebhook(t.app, failed.payload, failed.signature).expect(200);
    await postStripeWebhook(t.app, failed.payload, failed.signature).expect(200);
    expect(await payoutRow(failing.body.id)).toMatchObject({
      status: "failed",
      failureReason: "The bank account has been closed.",
    });
    expect(await available(owner)).toBe("400.00");
    const returns = (await ledgerOf(owner.user.id)).filter((e) => e.kind === "payout-return");
    expect(returns).toEqual([{ kind: "payout-return", amount: "100.00" }]);
    const transfer = stripe.transfers.get((await payoutRow(failing.body.id)).providerRef as string);
    expect(transfer?.reversed).toBe(true);
  });
});

describe("year-end reporting", () => {
  it("exports each payee's year against the thresholds, and each payee downloads their summary", async () => {
    const above = await signUp(t.app);
    const below = await signUp(t.app);
    const filed = await signUp(t.app);
    await fundBalance(t.db, above.user.id, "2500.00");
    await fundBalance(t.db, below.user.id, "150.00");
    await fundBalance(t.db, filed.user.id, "2000.00");
    const signed = await filed.agent.post(PAYMENT_PATHS.taxForms).send({
      kind: "w9",
      legalName: "Ada Filer",
      tinType: "ein",
      tin: "12-3456789",
      address: "2 Main St, Austin TX",
      signatureName: "Ada Filer",
      certified: true,
    });
    expect(signed.status).toBe(201);
    const year = new Date().getUTCFullYear();

    await above.agent.get(pathTo(ADMIN_PAYOUTS_PATHS.yearEndTaxForms, { year })).expect(404);
    const csv = await staff.agent.get(pathTo(ADMIN_PAYOUTS_PATHS.yearEndTaxForms, { year })).expect(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const line = (email: string) => csv.text.split("\r\n").find((l) => l.includes(email)) ?? "";
    expect(line(above.input.email)).toMatch(/,missing,,,,2500\.00,0\.00,0,0\.00,0\.00,1099-NEC$/);
    expect(line(below.input.email)).toMatch(/,missing,,,,150\.00,0\.00,0,0\.00,0\.00,none$/);
    // The filing services need the whole TIN: the staff export opens it from its seal, on the record.
    expect(line(filed.input.email)).toMatch(/,W-9,EIN,12-3456789,US,2000\.00,0\.00,0,0\.00,0\.00,1099-NEC$/);
    const exported = await t.db.execute(
      sql`select 1 from audit_log where event = 'tax_export_downloaded' and user_id = ${staff.user.id}`,
    );
    expect(exported.rows).toHaveLength(1);

    const missing = await staff.agent.get(ADMIN_PAYOUTS_PATHS.missingTaxForms).expect(200);
    expect(missing.body.data.map((m: { email: string }) => m.email)).toEqual(
      expect.arrayContaining([above.input.email, below.input.email]),
    );

    const mine = await above.agent.get(pathTo(PAYMENT_PATHS.taxFormYearEnd, { year })).expect(200);
    expect(mine.text).toContain("Services and commissions,2500.00");
    expect(mine.text).toContain("Forms we file for you,1099-NEC");
    expect(mine.text).not.toContain(below.input.email);
    await above.agent.get("/api/tax-forms/year-end/1800").expect(400);
  });
});
