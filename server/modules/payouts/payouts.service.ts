import { and, eq, inArray } from "drizzle-orm";
import type { TPayoutAnswer } from "../../../shared/api/payouts";
import { centsToDecimal, formatUsd, toCents } from "../../../shared/money";
import { PAYOUT_MINIMUM } from "../../../shared/prices";
import { accountEvents, payouts, transactions, users } from "../../../shared/schema";
import { BACKUP_WITHHOLDING_PERCENT } from "../../../shared/tax-thresholds";
import type { Db } from "../../db/pool";
import type { DbOrTx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import type { Logger } from "../../lib/logger";
import type { Mailer } from "../../mail/mailer";
import { type PayoutRails, PayoutRefused, type PayoutSender } from "../../payments/provider";
import { raiseThreatAlert } from "../auth/threat-alerts";
import { lockBalance } from "../ledger/balance-lock";
import { writeBackupWithholding, writePayoutDebit, writePayoutReturn } from "../ledger/payout-entries";
import { notify } from "../notifications/notify";
import { assertPayoutsOpen } from "./payee-state";
import { payoutAccountOf } from "./payout-account.service";
import { payoutHoldReasons } from "./payout-holds";
import { currentTaxForm, needsBackupWithholding } from "./tax-forms.service";

type PayoutRow = typeof payouts.$inferSelect;

/**
 * Checks and writes the debit in one transaction: the balance row is locked and re-read, the
 * minimum and the available funds checked, and the payout, its `payout` ledger entry and the
 * balance written together, so concurrent requests never overdraw (docs/money.md). A payout that
 * must be reviewed is debited the same way (the funds are reserved) but written `held`, not sent.
 * An automatic payout carries its period: one already paid for that period is refused, read
 * under the same lock (the unique index on the period stands behind it). A request key works the
 * same way for a payout the owner asks for: the payout made under it is answered, not a new one.
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
  requestKey?: string;
}): Promise<PayoutRow & { replayed?: true }> {
  const { userId, amount, paypalEmail, scheduledPeriod, requestKey } = options;
  if (toCents(amount) < toCents(PAYOUT_MINIMUM)) {
    throw new AppError("UNPROCESSABLE", `The minimum payout is ${formatUsd(PAYOUT_MINIMUM)}`);
  }
  return options.db.transaction(async (tx) => {
    // Suspended or locked down: refused here, in the debit's transaction, so neither can race it.
    await assertPayoutsOpen(tx, userId);
    const { available } = await lockBalance(tx, userId);
    if (requestKey) {
      const [earlier] = await tx
        .select()
        .from(payouts)
        .where(and(eq(payouts.userId, userId), eq(payouts.requestKey, requestKey)));
      if (earlier) {
        if (toCents(earlier.amount) !== toCents(amount) || earlier.paypalEmail !== paypalEmail)
          throw new AppError(
            "CONFLICT",
            `This Idempotency-Key was used for the payout of ${formatUsd(earlier.amount)} to ${earlier.paypalEmail}: a different payout needs a new key.`,
          );
        return { ...earlier, replayed: true as const };
      }
    }
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
    // No money leaves without a tax form on file (test money in the sandbox is no income).
    let withheld: string | null = null;
    if (options.provider !== "sandbox") {
      const form = await currentTaxForm(tx, userId);
      if (!form)
        throw new AppError(
          "CONFLICT",
          "Sign your tax form (W-9, W-8BEN or W-8BEN-E) in Payout Settings before your first payout.",
        );
      if (needsBackupWithholding(form))
        withheld = centsToDecimal(Math.round((toCents(amount) * BACKUP_WITHHOLDING_PERCENT) / 100));
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
        requestKey: requestKey ?? null,
        withheld,
      })
      .returning();
    await writePayoutDebit(tx, {
      userId,
      payoutId: created.id,
      amount: withheld ? centsToDecimal(toCents(amount) - toCents(withheld)) : amount,
      description: `Payout to ${paypalEmail}`,
    });
    if (withheld)
      await writeBackupWithholding(tx, {
        userId,
        payoutId: created.id,
        amount: withheld,
        description: `Backup withholding (${BACKUP_WITHHOLDING_PERCENT}%) on the payout to ${paypalEmail}: no TIN on your W-9`,
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
  /** Every rail: the payee's choice in Payout Settings picks one; without them, `sender` pays. */
  rails?: PayoutRails;
  logger: Logger;
  reviewAbove: string;
  userId: string;
  amount: string;
  /** Where a PayPal payout goes; a bank payout goes to the payee's connected account. */
  paypalEmail?: string;
  /** An automatic payout's period (see `payouts.scheduledPeriod`); none for one the owner asks for. */
  scheduledPeriod?: string;
  /** The owner's `Idempotency-Key` (see `payouts.requestKey`). */
  requestKey?: string;
}): Promise<TPayoutAnswer & { replayed?: true }> {
  const { db } = options;
  const { sender, destination: paypalEmail } = await railOf(options);
  // Production without PayPal keys and without the sandbox: refused before anything is debited.
  if (sender.name === "unavailable")
    throw new AppError("UNAVAILABLE", "Payouts are not available right now.");
  const payout = await debitPayout({ ...options, paypalEmail, provider: sender.name });
  if (payout.replayed) return { ...answerOf(payout), replayed: true };
  if (payout.status === "held") return answerOf(payout);
  return sendPayout({ db, sender, logger: options.logger, payout });
}

/**
 * What the owner is told of a payout that was not sent in this request: held for review, or
 * asked for again under its request key (as the first answer said it, or how it ended since).
 */
function answerOf(payout: PayoutRow): TPayoutAnswer {
  const { id, amount, paypalEmail, status } = payout;
  const to = `${formatUsd(amount)} to ${paypalEmail}`;
  switch (status) {
    case "held":
      return {
        id,
        amount,
        status,
        message: `${to} is held for review: our team checks it before it is sent, and the amount stays reserved until then.`,
      };
    case "completed":
      return { id, amount, status, message: `${formatUsd(amount)} is on its way to ${paypalEmail}` };
    case "failed":
      throw new AppError("PAYMENT_FAILED", "The payout could not be sent. Your balance was not changed.");
    case "unclaimed":
      return {
        id,
        amount,
        status,
        message: `${to} was sent and waits for ${paypalEmail} to claim it; unclaimed, it comes back to your balance.`,
      };
    case "rejected":
      return {
        id,
        amount,
        status,
        message: `${to} was rejected in review; the amount is back in your balance.`,
      };
    default:
      return { id, amount, status, message: `${to} is being confirmed with the provider` };
  }
}

/**
 * The payee's rail and where the payout goes: their connected account on Stripe (refused until
 * Stripe enables its payouts), else the PayPal account given, one at a time or in the next batch.
 */
async function railOf(options: {
  db: Db;
  sender: PayoutSender;
  rails?: PayoutRails;
  userId: string;
  paypalEmail?: string;
}): Promise<{ sender: PayoutSender; destination: string }> {
  const account = options.rails ? await payoutAccountOf(options.db, options.userId) : null;
  if (options.rails && account?.rail === "stripe") {
    if (!account.stripeAccountId || !account.payoutsEnabled)
      throw new AppError(
        "CONFLICT",
        "Your bank account is not ready for payouts yet: finish its setup with Stripe in Payout Settings.",
      );
    return { sender: options.rails.rail("stripe"), destination: account.stripeAccountId };
  }
  if (!options.paypalEmail) throw new AppError("BAD_REQUEST", "Enter the email of your PayPal account");
  const sender =
    options.rails && account?.rail === "paypal-batch" ? options.rails.rail("paypal-batch") : options.sender;
  return { sender, destination: options.paypalEmail };
}

/** What the payee receives: the amount less any backup withholding. */
export const sentAmount = (payout: { amount: string; withheld?: string | null }) =>
  payout.withheld ? centsToDecimal(toCents(payout.amount) - toCents(payout.withheld)) : payout.amount;

/**
 * Sends a debited payout: a send the provider refused puts the amount back (and is refused to the
 * caller); a send whose outcome is unknown (a timeout) stays `processing` for the reconciliation
 * job, which asks the provider, so a debit is never lost and never doubled.
 */
export async function sendPayout(options: {
  db: Db;
  sender: PayoutSender;
  /** With them, the payout is sent by the rail that recorded it (`payouts.provider`). */
  rails?: PayoutRails;
  logger: Logger;
  payout: Pick<PayoutRow, "id" | "userId" | "amount" | "paypalEmail"> &
    Partial<Pick<PayoutRow, "withheld" | "provider">>;
}): Promise<TPayoutAnswer> {
  const { db, payout } = options;
  // The sender given, when it is the rail that recorded the payout; else that rail's own.
  const sender =
    payout.provider && payout.provider !== options.sender.name
      ? (options.rails?.byName(payout.provider) ?? options.sender)
      : options.sender;
  const { amount, paypalEmail } = payout;
  try {
    const sent = await sender.send({ id: payout.id, amount: sentAmount(payout), email: paypalEmail });
    if (sent.pending) {
      // The provider took it and says later how it ended (webhooks, the batch's items).
      if (sent.reference)
        await db
          .update(payouts)
          .set({ providerRef: sent.reference, updatedAt: new Date() })
          .where(and(eq(payouts.id, payout.id), eq(payouts.status, "processing")));
      return {
        id: payout.id,
        amount,
        status: "processing",
        message: `${formatUsd(amount)} is on its way to ${paypalEmail}; we tell you when it arrives`,
      };
    }
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
    await settlePayout({ db, payout, result: { status: "failed", reason: err.message } });
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
  result:
    | { status: "completed"; reference: string }
    | { status: "failed"; reason?: string }
    | { status: "unclaimed"; returnAfter: Date };
  /** The provider's own word for it (SUCCESS, paid, UNCLAIMED…), kept on the payout. */
  providerStatus?: string;
  /**
   * The states it may leave: `processing` by default; a bank payout Stripe reports failed after
   * paid (the bank returned it), or an unclaimed PayPal item, fails from there too.
   */
  from?: ("processing" | "completed" | "unclaimed")[];
}): Promise<boolean> {
  const { payout, result } = options;
  return options.db.transaction(async (tx) => {
    await lockBalance(tx, payout.userId);
    const [settled] = await tx
      .update(payouts)
      .set({
        status: result.status,
        ...(result.status === "completed" ? { providerRef: result.reference } : {}),
        failureReason: result.status === "failed" ? (result.reason ?? null) : null,
        returnAfter: result.status === "unclaimed" ? result.returnAfter : null,
        providerStatus: options.providerStatus ?? null,
        updatedAt: new Date(),
      })
      .where(and(eq(payouts.id, payout.id), inArray(payouts.status, options.from ?? ["processing"])))
      .returning({ id: payouts.id });
    if (!settled) return false;
    await tx.update(transactions).set({ status: result.status }).where(eq(transactions.payoutId, payout.id));
    if (result.status === "unclaimed") {
      await notify(tx, {
        userId: payout.userId,
        kind: "payout_sent",
        title: "Payout waiting to be claimed",
        body: `${formatUsd(payout.amount)} waits at PayPal for ${payout.paypalEmail} to claim it; unclaimed after 30 days, it comes back to your balance.`,
        href: "/payments",
      });
      return true;
    }
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
    await returnPayout(tx, payout, "failed", result.reason);
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
  /** The provider's reason, shown to the payee. */
  reason?: string,
): Promise<void> {
  const why = reason ? ` (${reason})` : "";
  const returned = await writePayoutReturn(tx, {
    userId: payout.userId,
    payoutId: payout.id,
    amount: payout.amount,
    description: `Payout to ${payout.paypalEmail} ${outcome}${why}`,
  });
  if (!returned) return;
  await tx.insert(accountEvents).values({
    userId: payout.userId,
    kind: "payout",
    description: `Payout of ${formatUsd(payout.amount)} to ${payout.paypalEmail} ${outcome}${why}; the amount is back in your balance`,
  });
  await notify(tx, {
    userId: payout.userId,
    kind: "payout_failed",
    title: outcome === "failed" ? "Payout failed" : "Payout rejected",
    body: `The payout of ${formatUsd(payout.amount)} to ${payout.paypalEmail} was ${outcome === "failed" ? "refused by the provider" : "rejected by our team"}${why}; the amount is back in your available balance.`,
    href: "/payments",
  });
}
