import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/tx";
import { moveBalance } from "./balance-lock";

/** A payout as the ledger books it: who, how much (a positive decimal string) and where it went. */
export interface PayoutEntry {
  userId: string;
  payoutId: string;
  amount: string;
  description: string;
  /** When it was booked, for a payout recorded after the fact (the demo's history); default now. */
  at?: Date;
}

/**
 * Books a payout's debit against the user's available funds. The caller holds the balance lock
 * (`lockBalance`) and has checked the funds under it, in the same transaction.
 */
export async function writePayoutDebit(tx: DbOrTx, payout: PayoutEntry): Promise<void> {
  const at = (payout.at ?? new Date()).toISOString();
  await tx.execute(sql`
    insert into ledger_entries (user_id, kind, amount, status, release_at, description, source_key, payout_id, created_at)
    values (${payout.userId}, 'payout', ${`-${payout.amount}`}::numeric, 'available', ${at}::timestamptz, ${payout.description},
      ${`payout:${payout.payoutId}`}, ${payout.payoutId}, ${at}::timestamptz)
  `);
  await moveBalance(tx, payout.userId, "available", `-${payout.amount}`);
}

/**
 * Puts a payout's amount back (a failed send, a payout staff rejected): once per payout, under the
 * caller's balance lock. False when it was put back before.
 */
export async function writePayoutReturn(tx: DbOrTx, payout: PayoutEntry): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    insert into ledger_entries (user_id, kind, amount, status, release_at, description, source_key, payout_id)
    values (${payout.userId}, 'payout-return', ${payout.amount}::numeric, 'available', now(), ${payout.description},
      ${`payout-return:${payout.payoutId}`}, ${payout.payoutId})
    on conflict (source_key) do nothing
    returning id
  `);
  if (rows.length === 0) return false;
  await moveBalance(tx, payout.userId, "available", payout.amount);
  return true;
}

/**
 * Books the backup withholding taken from a payout (24% when the payee's W-9 gives no TIN): a
 * negative `available` entry beside the payout's own, so the payee is debited the whole amount
 * asked and receives the rest. Under the caller's balance lock, in the payout's transaction. A
 * failed or rejected payout's return gives the whole amount back (`writePayoutReturn`): nothing
 * paid, nothing withheld.
 */
export async function writeBackupWithholding(tx: DbOrTx, payout: PayoutEntry): Promise<void> {
  await tx.execute(sql`
    insert into ledger_entries (user_id, kind, amount, status, release_at, description, source_key, payout_id)
    values (${payout.userId}, 'backup-withholding', ${`-${payout.amount}`}::numeric, 'available', now(), ${payout.description},
      ${`backup-withholding:${payout.payoutId}`}, ${payout.payoutId})
  `);
  await moveBalance(tx, payout.userId, "available", `-${payout.amount}`);
}
