import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/tx";

/** Where an entry counts: withdrawable now, or waiting for its hold (docs/money.md#the-ledger). */
export type EntryStatus = "available" | "pending";

/**
 * Locks the user's balance row (created if missing). Every writer of the ledger takes this lock
 * first and the ledger rows after it, so that a payout, a release and a reversal of the same
 * user's funds never deadlock and never read a sum another is about to change.
 */
export async function lockBalance(
  tx: DbOrTx,
  userId: string,
): Promise<{ available: string; pending: string }> {
  await tx.execute(sql`insert into balances (user_id) values (${userId}) on conflict do nothing`);
  const rows = await tx.execute<{ available: string; pending: string }>(
    sql`select available, pending from balances where user_id = ${userId} for update`,
  );
  return rows.rows[0];
}

/** Locks the balance rows of several users, in key order as every other writer does. */
export async function lockBalances(tx: DbOrTx, userIds: string[]): Promise<void> {
  const users = [...new Set(userIds)].sort();
  for (const userId of users) await lockBalance(tx, userId);
}

/**
 * Moves the user's running sum of `status` by a signed decimal `amount`, beside the entry the
 * caller just wrote. Only the ledger's own files call it, under the balance lock.
 */
export async function moveBalance(
  tx: DbOrTx,
  userId: string,
  status: EntryStatus,
  amount: string,
): Promise<void> {
  const column = status === "pending" ? sql.raw("pending") : sql.raw("available");
  await tx.execute(sql`
    update balances set ${column} = ${column} + ${amount}::numeric, updated_at = now() where user_id = ${userId}
  `);
}

/** Opens a new account's balance at zero (registration), so its first credit finds the row. */
export async function openBalance(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`insert into balances (user_id) values (${userId}) on conflict do nothing`);
}
