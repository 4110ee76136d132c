import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { Agent } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvePayout, rejectPayout } from "../../server/modules/admin/payout-review";
import { creditHeldFunds, type HeldKind, releaseHeldFunds } from "../../server/modules/ledger/held-funds";
import { reverseHeldFunds } from "../../server/modules/ledger/reverse-credit";
import { requestPayout } from "../../server/modules/payouts/payouts.service";
import { PayoutRefused, type PayoutSender } from "../../server/payments/provider";
import { sandboxPayoutSender } from "../../server/payments/sandbox-provider";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

const DAY_MS = 86_400_000;
const USERS = 3;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refusingSender: PayoutSender = {
  name: "sandbox",
  async send() {
    throw new PayoutRefused("receiver unknown");
  },
  settle: sandboxPayoutSender.settle,
};

type Op =
  | { op: "credit"; user: number; kind: HeldKind; cents: number; holdDays: number }
  | { op: "release"; days: number }
  | { op: "payout"; user: number; cents: number; fails: boolean; review: "approve" | "reject" | "leave" }
  | { op: "reverse"; pick: number };

const userIndex = fc.integer({ min: 0, max: USERS - 1 });
const operation: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant("credit" as const),
    user: userIndex,
    kind: fc.constantFrom<HeldKind>("lead", "commission", "sale"),
    cents: fc.integer({ min: 1, max: 20_000 }),
    holdDays: fc.constantFrom(0, 14, 30),
  }),
  fc.record({ op: fc.constant("release" as const), days: fc.integer({ min: 0, max: 40 }) }),
  fc.record({
    op: fc.constant("payout" as const),
    user: userIndex,
    cents: fc.integer({ min: 5_000, max: 30_000 }),
    fails: fc.boolean(),
    review: fc.constantFrom("approve" as const, "reject" as const, "leave" as const),
  }),
  fc.record({ op: fc.constant("reverse" as const), pick: fc.nat() }),
);

const decimal = (cents: number) => (cents / 100).toFixed(2);

async function apply(op: Op, users: { id: string }[], credits: string[]) {
  if (op.op === "credit") {
    const sourceKey = `prop:${randomUUID()}`;
    credits.push(sourceKey);
    await creditHeldFunds(t.db, {
      userId: users[op.user].id,
      kind: op.kind,
      revenueType: op.kind === "commission" ? "affiliate" : op.kind === "sale" ? "marketplace" : "lead",
      amount: decimal(op.cents),
      holdDays: op.holdDays,
      description: `Property ${op.kind}`,
      sourceKey,
    });
  } else if (op.op === "release") {
    await releaseHeldFunds({ db: t.db, now: new Date(Date.now() + op.days * DAY_MS) });
  } else if (op.op === "payout") {
    // Refusals (too little available, a negative balance, the provider saying no) are part of the run.
    const sender = op.fails ? refusingSender : sandboxPayoutSender;
    const { db, mailer, logger } = t.deps;
    const answer = await requestPayout({
      db,
      mailer,
      sender,
      logger,
      reviewAbove: t.deps.config.payoutReviewAbove,
      userId: users[op.user].id,
      amount: decimal(op.cents),
      paypalEmail: "prop@wallet.test",
    }).catch(() => undefined);
    // A payout held for review is reviewed at once (approved, then sent or refused; or rejected),
    // or left waiting, its amount in review.
    if (answer?.status !== "held" || op.review === "leave") return;
    const review = { db, mailer, meta: REVIEW_META, payoutId: answer.id, staffId: users[op.user].id };
    if (op.review === "reject") await rejectPayout({ ...review, reason: "property review" });
    else await approvePayout({ ...review, sender, logger }).catch(() => undefined);
  } else if (credits.length > 0) {
    await reverseHeldFunds(t.db, {
      sourceKey: credits[op.pick % credits.length],
      cause: "property-refund",
      reason: "property refund",
    });
  }
}

const REVIEW_META = { address: "127.0.0.1", userAgent: "property test" };

const cents = (value: string | number | null) => Math.round(Number(value ?? 0) * 100);

async function sums(userId: string) {
  const { rows } = await t.db.execute<Record<string, string | null>>(sql`
    select
      (select sum(amount) from ledger_entries where user_id = ${userId} and kind in ('lead', 'commission', 'sale', 'reversal', 'reinstatement')) as credited,
      (select sum(amount) from ledger_entries where user_id = ${userId} and status = 'available') as available,
      (select sum(amount) from ledger_entries where user_id = ${userId} and status = 'pending') as pending,
      (select -sum(l.amount) from ledger_entries l join payouts p on p.id = l.payout_id
        where l.user_id = ${userId} and p.status = 'completed') as paid_out,
      (select -sum(l.amount) from ledger_entries l join payouts p on p.id = l.payout_id
        where l.user_id = ${userId} and p.status in ('held', 'processing')) as in_review,
      (select sum(amount) from ledger_entries l where l.user_id = ${userId} and l.kind in ('payout', 'payout-return')
        and exists (select 1 from payouts p where p.id = l.payout_id and p.status in ('failed', 'rejected'))) as returned_net,
      (select available from balances where user_id = ${userId}) as row_available,
      (select pending from balances where user_id = ${userId}) as row_pending
  `);
  return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, cents(v)]));
}

describe("the held-funds ledger", () => {
  it("after any sequence of credits, releases, payouts (sent, failed, rejected or left in review) and reversals, every figure is a sum of its rows", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (ops) => {
        const accounts: { agent: Agent; user: { id: string } }[] = [];
        for (let i = 0; i < USERS; i++) accounts.push(await signUp(t.app));
        const users = accounts.map((a) => a.user);
        const credits: string[] = [];
        for (const op of ops) await apply(op, users, credits);

        for (const { agent, user } of accounts) {
          const s = await sums(user.id);
          expect(s.credited).toBe(s.available + s.pending + s.paid_out + s.in_review);
          // A failed or rejected payout's debit and return cancel out.
          expect(s.returned_net).toBe(0);
          expect(s.row_available).toBe(s.available);
          expect(s.row_pending).toBe(s.pending);
          const answer = (await agent.get(PAYMENT_PATHS.balance)).body;
          expect(cents(answer.availableBalance)).toBe(s.available);
          expect(cents(answer.pendingBalance)).toBe(s.pending);
          expect(cents(answer.paidOut)).toBe(s.paid_out);
          expect(answer.inReview).toMatch(/^\d+\.\d{2}$/);
          expect(cents(answer.inReview)).toBe(s.in_review);
          const released = answer.nextReleases.reduce(
            (sum: number, r: { amount: string }) => sum + cents(r.amount),
            0,
          );
          if (answer.nextReleases.length < 5) expect(released).toBe(s.pending);
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
