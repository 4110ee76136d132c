import { eq, sql } from "drizzle-orm";
import type { TPayoutAnswer } from "../../../shared/api/payments";
import { toCents } from "../../../shared/money";
import { accountEvents, balances, payouts, transactions } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { Tx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import type { Logger } from "../../logger";
import type { PayoutSender } from "../../payments/provider";

/**
 * Withdraws `amount` (validated: at least $50) to a PayPal account. The debit is written in one
 * transaction that locks the user's balance row, re-reads it and takes the amount off only if it
 * is covered, so concurrent requests can never overdraw; the money is sent after the lock is released, and
 * a failed send puts the amount back.
 */
export async function requestPayout(options: {
  db: Db;
  sender: PayoutSender;
  logger: Logger;
  userId: string;
  amount: string;
  paypalEmail: string;
}): Promise<TPayoutAnswer> {
  const { db, sender, userId, amount, paypalEmail } = options;
  const payout = await db.transaction(async (tx) => {
    const [balance] = await tx
      .select({ available: balances.available })
      .from(balances)
      .where(eq(balances.userId, userId))
      .for("update");
    if (!balance || toCents(balance.available) < toCents(amount)) {
      throw new AppError("UNPROCESSABLE", `Insufficient balance: $${balance?.available ?? "0.00"} available`);
    }
    await tx
      .update(balances)
      .set({ available: sql`${balances.available} - ${amount}::numeric`, updatedAt: new Date() })
      .where(eq(balances.userId, userId));
    const [created] = await tx
      .insert(payouts)
      .values({ userId, amount, paypalEmail, provider: sender.name, status: "processing" })
      .returning();
    await tx.insert(transactions).values({
      userId,
      type: "payout",
      amount,
      paymentMethod: sender.name,
      status: "pending",
      payoutId: created.id,
    });
    await tx
      .insert(accountEvents)
      .values({ userId, kind: "payout", description: `Payout of $${amount} to ${paypalEmail}` });
    return created;
  });

  const sent = await sender.send({ id: payout.id, amount, email: paypalEmail }).catch((err: unknown) => {
    options.logger.error({ err, payoutId: payout.id }, "payout could not be sent");
    return null;
  });
  if (!sent) {
    await db.transaction((tx) => settlePayout(tx, payout, { status: "failed" }));
    throw new AppError("PAYMENT_FAILED", "The payout could not be sent. Your balance was not changed.");
  }
  await db.transaction((tx) => settlePayout(tx, payout, { status: "completed", reference: sent.reference }));
  return {
    id: payout.id,
    amount,
    status: "completed",
    message: `$${amount} is on its way to ${paypalEmail}`,
  };
}

/** Records how a send ended; a failed payout's amount goes back to the balance. */
async function settlePayout(
  tx: Tx,
  payout: { id: string; userId: string; amount: string; paypalEmail: string },
  result: { status: "completed" | "failed"; reference?: string },
): Promise<void> {
  await tx
    .update(payouts)
    .set({ status: result.status, providerRef: result.reference ?? null })
    .where(eq(payouts.id, payout.id));
  await tx.update(transactions).set({ status: result.status }).where(eq(transactions.payoutId, payout.id));
  if (result.status === "completed") return;
  await tx
    .update(balances)
    .set({ available: sql`${balances.available} + ${payout.amount}::numeric`, updatedAt: new Date() })
    .where(eq(balances.userId, payout.userId));
  await tx.insert(accountEvents).values({
    userId: payout.userId,
    kind: "payout",
    description: `Payout of $${payout.amount} to ${payout.paypalEmail} failed; the amount is back in your balance`,
  });
}
