import { and, eq, inArray } from "drizzle-orm";
import { centsToDecimal, formatUsd, signedToCents } from "../../../shared/money";
import { payouts, subscriptions, users } from "../../../shared/schema";
import { takesPartInLiveSale } from "../../db/live-sale";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import type { RequestMeta } from "../../http/request-meta";
import { recordAudit } from "../audit/audit-log";
import { lockBalance } from "../ledger/balance-lock";
import { endAllSessions } from "./sessions.service";

/**
 * Deletes the account and everything it owns (its rows cascade from `users`: domains, reports,
 * leads, orders, the ledger, keys, devices…) and signs out every session of it, in one
 * transaction. Refused while the platform holds money for the user or owes them a payout (it
 * would be lost), while a subscription still renews (it would charge an account that is gone) and
 * while the user buys or sells in a domain sale in progress (the other side's money is in it).
 * The audit log keeps its rows, which name no account by a foreign key, with this deletion last.
 */
export async function deleteAccount(options: { db: Db; userId: string; meta: RequestMeta }): Promise<void> {
  const { db, userId } = options;
  await db.transaction(async (tx) => {
    const balance = await lockBalance(tx, userId);
    const available = signedToCents(balance.available);
    const pending = signedToCents(balance.pending);
    if (available > 0 || pending > 0) {
      throw new AppError(
        "CONFLICT",
        `We hold ${formatUsd(centsToDecimal(available + pending))} for you. Withdraw it from Payments before you delete your account.`,
      );
    }
    const [payout] = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.userId, userId), inArray(payouts.status, ["pending", "held", "processing"])))
      .limit(1);
    if (payout)
      throw new AppError("CONFLICT", "A payout is still on its way. Try again once it has arrived.");
    const [renewing] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          inArray(subscriptions.status, ["active", "past_due"]),
          eq(subscriptions.cancelAtPeriodEnd, false),
        ),
      )
      .limit(1);
    if (renewing) {
      throw new AppError(
        "CONFLICT",
        "A subscription still renews. Cancel it under Settings → Billing before you delete your account.",
      );
    }
    if (await takesPartInLiveSale(tx, userId)) {
      throw new AppError(
        "CONFLICT",
        "A domain sale you take part in is still in progress. Delete your account once it has ended.",
      );
    }
    await endAllSessions(tx, userId);
    await tx.delete(users).where(eq(users.id, userId));
    await recordAudit(tx, { userId, event: "account_deleted", meta: options.meta });
  });
}
