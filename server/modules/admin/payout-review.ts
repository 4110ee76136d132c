import { and, eq } from "drizzle-orm";
import type { TPayoutAnswer } from "../../../shared/api/payouts";
import { formatUsd } from "../../../shared/money";
import { accountEvents, payouts, transactions, users } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { Tx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import type { RequestMeta } from "../../http/request-meta";
import type { Logger } from "../../lib/logger";
import type { Mailer } from "../../mail/mailer";
import type { PayoutRails, PayoutSender } from "../../payments/provider";
import { lockBalance } from "../ledger/balance-lock";
import { assertPayeeCanBePaid } from "../payouts/payee-state";
import { returnPayout, sendPayout } from "../payouts/payouts.service";
import { recordStaffAction } from "./staff-gate";

type PayoutRow = typeof payouts.$inferSelect;

/**
 * Moves a held payout to its review outcome, once: the row is locked and only a `held` payout
 * moves, so two staff members approving at the same moment send it once.
 */
async function reviewHeldPayout(
  tx: Tx,
  options: { payoutId: string; staffId: string; status: "processing" | "rejected"; rejectReason?: string },
): Promise<PayoutRow> {
  const [current] = await tx.select().from(payouts).where(eq(payouts.id, options.payoutId)).for("update");
  if (!current) throw notFound("Payout");
  if (current.status !== "held")
    throw new AppError("CONFLICT", `This payout was reviewed already (it is ${current.status}).`);
  const [moved] = await tx
    .update(payouts)
    .set({
      status: options.status,
      rejectReason: options.rejectReason ?? null,
      reviewedBy: options.staffId,
      reviewedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(payouts.id, options.payoutId), eq(payouts.status, "held")))
    .returning();
  return moved;
}

async function ownerEmail(tx: Tx, userId: string): Promise<string> {
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return owner.email;
}

/**
 * Staff approve a held payout (audited with the approval): it is then sent exactly as an unheld
 * one is, with the same failure handling. A suspended or locked-down payee's payout is refused
 * (409) and stays held, for staff to reject or to approve once the account is restored.
 */
export async function approvePayout(options: {
  db: Db;
  mailer: Mailer;
  sender: PayoutSender;
  /** With them, the payout is sent by the payee's rail it was recorded for. */
  rails?: PayoutRails;
  logger: Logger;
  meta: RequestMeta;
  payoutId: string;
  staffId: string;
}): Promise<TPayoutAnswer> {
  const { db, mailer, payoutId, staffId } = options;
  const payout = await db.transaction(async (tx) => {
    const approved = await reviewHeldPayout(tx, { payoutId, staffId, status: "processing" });
    // After the payout's row lock, so every concurrent approval meets the same answer.
    await assertPayeeCanBePaid(tx, approved.userId);
    await recordStaffAction(tx, options.meta, {
      staffId,
      action: "payout.approved",
      object: { kind: "payout", id: payoutId },
    });
    await tx.update(transactions).set({ status: "pending" }).where(eq(transactions.payoutId, approved.id));
    const description = `Payout of ${formatUsd(approved.amount)} to ${approved.paypalEmail}`;
    await tx
      .insert(accountEvents)
      .values({ userId: approved.userId, kind: "payout", description: `${description} was approved` });
    await mailer.send(tx, {
      to: await ownerEmail(tx, approved.userId),
      subject: "Your payout was approved",
      body: `${description} was approved by our team and is being sent now.`,
    });
    return approved;
  });
  return sendPayout({ db, sender: options.sender, rails: options.rails, logger: options.logger, payout });
}

/** Staff reject a held payout (audited) with a reason the user sees; the amount returns to the balance. */
export async function rejectPayout(options: {
  db: Db;
  mailer: Mailer;
  meta: RequestMeta;
  payoutId: string;
  staffId: string;
  reason: string;
}): Promise<void> {
  const { db, mailer, reason, payoutId, staffId } = options;
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ userId: payouts.userId })
      .from(payouts)
      .where(eq(payouts.id, options.payoutId));
    if (!found) throw notFound("Payout");
    // The balance lock first, as every ledger writer takes it (docs/money.md), then the payout's row.
    await lockBalance(tx, found.userId);
    const rejected = await reviewHeldPayout(tx, {
      payoutId,
      staffId,
      status: "rejected",
      rejectReason: reason,
    });
    await recordStaffAction(tx, options.meta, {
      staffId,
      action: "payout.rejected",
      object: { kind: "payout", id: payoutId },
      detail: { reason },
    });
    await tx.update(transactions).set({ status: "rejected" }).where(eq(transactions.payoutId, rejected.id));
    await returnPayout(tx, rejected, "rejected");
    await mailer.send(tx, {
      to: await ownerEmail(tx, rejected.userId),
      subject: "Your payout was rejected",
      body: `Payout of ${formatUsd(rejected.amount)} to ${rejected.paypalEmail} was rejected by our team, and the amount is back in your available balance.\n\nWhy: ${reason}`,
    });
  });
}
