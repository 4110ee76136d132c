import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import { payoutsFrozen } from "../auth/lockdown";

/** Why an account cannot be paid now: suspended by staff, or locked down by its owner (payouts frozen). */
export type PayeeBlock = { state: "suspended"; reason: string } | { state: "locked-down" };

/**
 * Reads whether the account may be paid, holding a share lock on its user row until the
 * transaction ends: a suspension or a lockdown (both lock that row) waits for this transaction,
 * or this read waits for theirs and sees it. Either way a payout never slips past one.
 */
export async function payeeBlock(tx: DbOrTx, userId: string): Promise<PayeeBlock | null> {
  const { rows } = await tx.execute<{ suspended_at: string | null; suspend_reason: string | null }>(
    sql`select suspended_at, suspend_reason from users where id = ${userId} for share`,
  );
  const user = rows[0];
  if (user?.suspended_at) return { state: "suspended", reason: user.suspend_reason ?? "" };
  if (await payoutsFrozen(tx, userId)) return { state: "locked-down" };
  return null;
}

/**
 * The one rule every path that sends money to an account runs inside the transaction that
 * moves the payout to `processing` (staff approval, scheduled or automatic payouts): a
 * suspended or locked-down payee is refused with 409 and the reason, and nothing is sent.
 */
export async function assertPayeeCanBePaid(tx: DbOrTx, userId: string): Promise<void> {
  const block = await payeeBlock(tx, userId);
  if (!block) return;
  if (block.state === "suspended") {
    const why = block.reason ? ` (${block.reason})` : "";
    throw new AppError(
      "CONFLICT",
      `Not sent: the payee's account is suspended${why}. Payouts to it are refused until it is restored; reject the payout to return the amount to its balance.`,
    );
  }
  throw new AppError(
    "CONFLICT",
    "Not sent: the payee locked their account down, and payouts stay frozen until they change their password.",
  );
}

/**
 * The owner's own payout request: the same rule, said to the owner (403), inside the debit's
 * transaction.
 */
export async function assertPayoutsOpen(tx: DbOrTx, userId: string): Promise<void> {
  const block = await payeeBlock(tx, userId);
  if (block?.state === "suspended")
    throw new AppError("FORBIDDEN", "Payouts are frozen while the account is suspended. Contact support.");
  if (block?.state === "locked-down")
    throw new AppError("FORBIDDEN", "Payouts are frozen after a lockdown until you change your password.");
}
