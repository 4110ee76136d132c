import { and, eq } from "drizzle-orm";
import type { TPayoutAnswer } from "../../../shared/api/payments";
import { formatUsd, toCents } from "../../../shared/money";
import { PAYOUT_MINIMUM } from "../../../shared/prices";
import { accountEvents, payouts, transactions, users } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { DbOrTx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import type { Logger } from "../../logger";
import type { Mailer } from "../../mail/mailer";
import { PayoutRefused, type PayoutSender } from "../../payments/provider";
import { raiseThreatAlert } from "../auth/threat-alerts";
import { lockBalance } from "../ledger/balance-lock";
import { writePayoutDebit, writePayoutReturn } from "../ledger/payout-entries";
import { notify } from "../notifications/notify";
import { assertPayoutsOpen } from "./payee-state";
import { payoutHoldReasons } from "./payout-holds";

type PayoutRow = typeof payouts.$inferSelect;

/**
 * Checks and writes the debit in one transaction: the balance row is locked and re-read, the
 * minimum and the available funds checked, and the payout, its `payout` ledger entry and the
 * balance written together, so concurrent requests never overdraw (docs/money.md). A payout that
 * must be reviewed is debited the same way (the funds are reserved) but written `held`, not sent.
 * An automatic payout carries its period: one already paid for that period is refused, read
 * under the same lock (the unique index on the period stands behind it).
 */
async function debitPayout(options: {
  db: Db;
  mailer: Mailer;
  provider: string;
  reviewAbove: string;
  userId: string;
  amount: string;
  paypalEmail: string;
  scheduledPeriod?: string;
}): Promise<PayoutRow> {
  const { userId, amount, paypalEmail, scheduledPeriod } = options;
  if (toCents(amount) < toCents(PAYOUT_MINIMUM)) {
    throw new AppError("UNPROCESSABLE", `The minimum payout is ${formatUsd(PAYOUT_MINIMUM)}`);
  }
  return options.db.transaction(async (tx) => {
    // Suspended or locked down: refused here, in the debit's transaction, so neither can race it.
    await assertPayoutsOpen(tx, userId);
    const { available } = await lockBalance(tx, userId);
    if (scheduledPeriod) {
      const [paid] = await tx
        .select({ id: payouts.id })
        .from(payouts)
        .where(and(eq(payouts.userId, userId), eq(payouts.scheduledPeriod, scheduledPeriod)));
      if (paid) throw new AppError("CONFLICT", "This period's automatic payout was made already.");
    }
    if (available.startsWith("-")) {
      throw new AppError(
        "UNPROCESSABLE",
        `Your available balance is ${formatUsd(available)}: a refund or chargeback took back funds already paid out. Later earnings repay it first; payouts resume once it is above the amount.`,
      );
    }
    if (toCents(available) < toCents(amount)) {
      throw new AppError("UNPROCESSABLE", `Insufficient balance: ${formatUsd(available)} available`);
    }
    // The user's own minimum (Payout Settings) binds a manual payout as it binds the automatic one.
    const [owner] = await tx
      .select({ minPayout: users.minPayout, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    if (owner && toCents(amount) < toCents(owner.minPayout)) {
      throw new AppError("UNPROCESSABLE", `Your minimum payout is ${formatUsd(owner.minPayout)}`);
    }
    const { reasons, newDestination } = await payoutHoldReasons(tx, {
      userId,
      amount,
      paypalEmail,
      reviewAbove: options.reviewAbove,
    });
    const held = reasons.length > 0;
    const [created] = await tx
      .insert(payouts)
      .values({
        userId,
        amount,
        paypalEmail,
        provider: options.provider,
        status: held ? "held" : "processing",
        holdReason: held ? reasons.join(" ") : null,
        scheduledPeriod: scheduledPeriod ?? null,
      })
      .returning();
    await writePayoutDebit(tx, {
      userId,
      payoutId: created.id,
      amount,
      description: `Payout to ${paypalEmail}`,
    });
    await tx.insert(transactions).values({
      userId,
      type: "payout",
      amount,
      paymentMethod: options.provider,
      status: held ? "held" : "pending",
      payoutId: created.id,
    });
    const description = `${scheduledPeriod ? "Automatic payout" : "Payout"} of ${formatUsd(amount)} to ${paypalEmail}`;
    await tx.insert(accountEvents).values({
      userId,
      kind: "payout",
      description: held ? `${description} is held for review` : description,
    });
    if (held) {
      await notify(
        tx,
        {
          userId,
          kind: "payout_held",
          title: "Payout held for review",
          body: `${description} is held for a review by our team before it is sent; the amount is reserved.`,
          href: "/payments",
        },
        {
          mailer: options.mailer,
          subject: "Your payout is held for review",
          body: `${description} is held for a review by our team before it is sent. The amount is reserved from your balance.\n\nWhy: ${reasons.join(" ")}\n\nWe will email you when it is approved or rejected.`,
        },
      );
    }
    if (newDestination) {
      await raiseThreatAlert(
        { db: tx, mailer: options.mailer },
        {
          userId,
          subject: "payout to a new PayPal account",
          text: `A payout of ${formatUsd(amount)} was requested to ${paypalEmail}, a PayPal account your payouts have not gone to before.`,
        },
      );
    }
    return created;
  });
}

/**
 * Withdraws `amount` of the user's available funds to a PayPal account: the debit first (above),
 * then the send, after the lock is released, unless the payout is held for review.
 */
export async function requestPayout(options: {
  db: Db;
  mailer: Mailer;
  sender: PayoutSender;
  logger: Logger;
  reviewAbove: string;
  userId: string;
  amount: string;
  paypalEmail: string;
  /** An automatic payout's period (see `payouts.scheduledPeriod`); none for one the owner asks for. */
  scheduledPeriod?: string;
}): Promise<TPayoutAnswer> {
  const { db, sender, amount, paypalEmail } = options;
  // Production without PayPal keys and without the sandbox: refused before anything is debited.
  if (sender.name === "unavailable")
    throw new AppError("UNAVAILABLE", "Payouts are not available right now.");
  const payout = await debitPayout({ ...options, provider: sender.name });
  if (payout.status === "held") {
    return {
      id: payout.id,
      amount,
      status: "held",
      message: `${formatUsd(amount)} to ${paypalEmail} is held for review: our team checks it before it is sent, and the amount stays reserved until then.`,
    };
  }
  return sendPayout({ db, sender, logger: options.logger, payout });
}

/**
 * Sends a debited payout: a send the provider refused puts the amount back (and is refused to the
 * caller); a send whose outcome is unknown (a timeout) stays `processing` for the reconciliation
 * job, which asks the provider, so a debit is never lost and never doubled.
 */
export async function sendPayout(options: {
  db: Db;
  sender: PayoutSender;
  logger: Logger;
  payout: Pick<PayoutRow, "id" | "userId" | "amount" | "paypalEmail">;
}): Promise<TPayoutAnswer> {
  const { db, sender, payout } = options;
  const { amount, paypalEmail } = payout;
  try {
    const sent = await sender.send({ id: payout.id, amount, email: paypalEmail });
    await settlePayout({ db, payout, result: { status: "completed", reference: sent.reference } });
  } catch (err) {
    options.logger.error({ err, payoutId: payout.id }, "payout could not be sent");
    if (!(err instanceof PayoutRefused)) {
      return {
        id: payout.id,
        amount,
        status: "processing",
        message: `${formatUsd(amount)} to ${paypalEmail} is being confirmed with the provider`,
      };
    }
    await settlePayout({ db, payout, result: { status: "failed" } });
    throw new AppError("PAYMENT_FAILED", "The payout could not be sent. Your balance was not changed.");
  }
  return {
    id: payout.id,
    amount,
    status: "completed",
    message: `${formatUsd(amount)} is on its way to ${paypalEmail}`,
  };
}

/**
 * Records how a payout ended, once: only a payout still `processing` is settled (the request and
 * the reconciliation job may race). A failed payout's amount comes back as a `payout-return`.
 */
export async function settlePayout(options: {
  db: Db;
  payout: Pick<PayoutRow, "id" | "userId" | "amount" | "paypalEmail">;
  result: { status: "completed"; reference: string } | { status: "failed" };
}): Promise<boolean> {
  const { payout, result } = options;
  return options.db.transaction(async (tx) => {
    await lockBalance(tx, payout.userId);
    const [settled] = await tx
      .update(payouts)
      .set({
        status: result.status,
        providerRef: result.status === "completed" ? result.reference : null,
        updatedAt: new Date(),
      })
      .where(and(eq(payouts.id, payout.id), eq(payouts.status, "processing")))
      .returning({ id: payouts.id });
    if (!settled) return false;
    await tx.update(transactions).set({ status: result.status }).where(eq(transactions.payoutId, payout.id));
    if (result.status === "completed") {
      await notify(tx, {
        userId: payout.userId,
        kind: "payout_sent",
        title: "Payout sent",
        body: `${formatUsd(payout.amount)} is on its way to ${payout.paypalEmail}.`,
        href: "/payments",
      });
      return true;
    }
    await returnPayout(tx, payout, "failed");
    return true;
  });
}

/**
 * Puts a payout's amount back in the balance as a `payout-return` (a failed send, or a payout
 * staff rejected). The caller holds the balance lock and has moved the payout out of its state.
 */
export async function returnPayout(
  tx: DbOrTx,
  payout: Pick<PayoutRow, "id" | "userId" | "amount" | "paypalEmail">,
  outcome: "failed" | "rejected",
): Promise<void> {
  const returned = await writePayoutReturn(tx, {
    userId: payout.userId,
    payoutId: payout.id,
    amount: payout.amount,
    description: `Payout to ${payout.paypalEmail} ${outcome}`,
  });
  if (!returned) return;
  await tx.insert(accountEvents).values({
    userId: payout.userId,
    kind: "payout",
    description: `Payout of ${formatUsd(payout.amount)} to ${payout.paypalEmail} ${outcome}; the amount is back in your balance`,
  });
  await notify(tx, {
    userId: payout.userId,
    kind: "payout_failed",
    title: outcome === "failed" ? "Payout failed" : "Payout rejected",
    body: `The payout of ${formatUsd(payout.amount)} to ${payout.paypalEmail} was ${outcome === "failed" ? "refused by the provider" : "rejected by our team"}; the amount is back in your available balance.`,
    href: "/payments",
  });
}
