import { sql } from "drizzle-orm";
import { centsToDecimal, signedToCents, toCents } from "../../../shared/money";
import type { DbOrTx } from "../../db/tx";
import { type EntryStatus, lockBalance, moveBalance } from "./balance-lock";
import { heldKey } from "./held-funds";

/** A credit as its adjustments read it: what is left of it once its reversals and reinstatements are counted. */
interface HeldEntry {
  id: string;
  userId: string;
  sourceKey: string;
  amount: string;
  status: EntryStatus;
  /** Cents of the credit still standing (never below zero). */
  restCents: number;
}

/** The ledger keys of an adjustment of the credit `sourceKey` for `cause` (its revenue event's too). */
export const reversalKey = (sourceKey: string, cause: string) => `reversal:${sourceKey}:${cause}`;
export const reinstatementKey = (sourceKey: string, cause: string) => `reinstatement:${sourceKey}:${cause}`;

/** Locks the credit's owner's balance, then the credit, and reads what is left of it. */
async function lockCredit(tx: DbOrTx, sourceKey: string): Promise<HeldEntry | undefined> {
  const owner = await tx.execute<{ user_id: string }>(
    sql`select user_id from ledger_entries where source_key = ${heldKey(sourceKey)}`,
  );
  const userId = owner.rows[0]?.user_id;
  if (!userId) return undefined;
  await lockBalance(tx, userId);
  const { rows } = await tx.execute<{
    id: string;
    amount: string;
    status: EntryStatus;
    adjusted: string;
  }>(sql`
    select c.id, c.amount::text, c.status,
      (select coalesce(sum(a.amount), 0)::text from ledger_entries a where a.credit_id = c.id) as adjusted
    from ledger_entries c where c.source_key = ${heldKey(sourceKey)} for update
  `);
  const row = rows[0];
  return {
    id: row.id,
    userId,
    sourceKey,
    amount: row.amount,
    status: row.status,
    restCents: Math.max(0, toCents(row.amount) + signedToCents(row.adjusted)),
  };
}

/**
 * Writes one adjustment of a credit (negative: a reversal; positive: a reinstatement): the revenue
 * event that keeps the dashboard's figures net, and the ledger entry beside the credit, with the
 * status and release date given (a reversal of a pending credit waits beside it and nets to
 * nothing when both are released). False when its key was written before.
 */
async function writeAdjustment(
  tx: DbOrTx,
  credit: HeldEntry,
  adjustment: {
    kind: "reversal" | "reinstatement";
    key: string;
    cause: string;
    cents: number;
    status: EntryStatus;
    releaseAt: string;
    awaiting: string | null;
    description: string;
  },
): Promise<boolean> {
  const { key, cents, description } = adjustment;
  const signed = centsToDecimal(cents);
  const event = await tx.execute<{ id: string }>(sql`
    insert into revenue_events (user_id, domain_id, type, amount, description, metadata, source_key, occurred_at)
    select user_id, domain_id, type, ${signed}::numeric, ${description},
      jsonb_build_object('held', true, ${adjustment.kind === "reversal" ? "reversalOf" : "reinstatementOf"}::text,
        ${credit.sourceKey}::text, 'cause', ${adjustment.cause}::text),
      ${key}, now()
    from revenue_events where source_key = ${credit.sourceKey}
    on conflict (source_key) do nothing
    returning id
  `);
  const entry = await tx.execute(sql`
    insert into ledger_entries (user_id, kind, amount, status, release_at, description, source_key,
      revenue_event_id, order_id, awaiting, credit_id, cause)
    select user_id, ${adjustment.kind}, ${signed}::numeric, ${adjustment.status}, ${adjustment.releaseAt}::timestamptz,
      ${description}, ${key}, ${event.rows[0]?.id ?? null}::uuid, order_id, ${adjustment.awaiting}, id, ${adjustment.cause}
    from ledger_entries where id = ${credit.id}
    on conflict (source_key) do nothing
    returning id
  `);
  if (entry.rows.length === 0) return false;
  await moveBalance(tx, credit.userId, adjustment.status, signed);
  return true;
}

/**
 * Takes back what a credit put in, for one `cause` (a refund's or a dispute's provider id, a
 * returned lead): all that is left of it, or `cents` of it (a partial refund's share), never more
 * than is left. While the credit is still pending the reversal is pending beside it with the same
 * release date (the pair nets to nothing and the pending sum drops at once); after release it comes
 * off available, which may go negative when the money was already paid out: later credits repay it
 * before anything is withdrawable. Idempotent by cause: answers the cents taken back, 0 when
 * nothing was (no such credit, nothing left, or this cause applied before).
 */
export async function reverseHeldFunds(
  db: DbOrTx,
  reversal: { sourceKey: string; cause: string; reason: string; cents?: number },
): Promise<number> {
  const { sourceKey, cause, reason } = reversal;
  return db.transaction(async (tx) => {
    const credit = await lockCredit(tx, sourceKey);
    if (!credit) return 0;
    const cents = Math.min(credit.restCents, reversal.cents ?? credit.restCents);
    if (cents <= 0) return 0;
    const { rows } = await tx.execute<{ release_at: string; awaiting: string | null }>(
      sql`select release_at::text, awaiting from ledger_entries where id = ${credit.id}`,
    );
    const written = await writeAdjustment(tx, credit, {
      kind: "reversal",
      key: reversalKey(sourceKey, cause),
      cause,
      cents: -cents,
      status: credit.status,
      releaseAt: rows[0].release_at,
      awaiting: rows[0].awaiting,
      description: `Reversed: ${reason}`,
    });
    return written ? cents : 0;
  });
}

/**
 * Gives back exactly what the reversal of `cause` took from a credit (a chargeback the platform
 * won: the money came back). The reinstatement sits where the reversal sits now: pending beside
 * a credit still held, else available. Answers the cents given back; 0 when there was no such
 * reversal or it was given back before.
 */
export async function reinstateHeldFunds(
  db: DbOrTx,
  reinstatement: { sourceKey: string; cause: string; reason: string },
): Promise<number> {
  const { sourceKey, cause, reason } = reinstatement;
  return db.transaction(async (tx) => {
    const credit = await lockCredit(tx, sourceKey);
    if (!credit) return 0;
    const { rows } = await tx.execute<{
      amount: string;
      status: EntryStatus;
      release_at: string;
      awaiting: string | null;
    }>(sql`
      select amount::text, status, release_at::text, awaiting from ledger_entries
      where credit_id = ${credit.id} and kind = 'reversal' and cause = ${cause}
    `);
    const taken = rows[0];
    if (!taken) return 0;
    const cents = -signedToCents(taken.amount);
    const written = await writeAdjustment(tx, credit, {
      kind: "reinstatement",
      key: reinstatementKey(sourceKey, cause),
      cause,
      cents,
      status: taken.status,
      releaseAt: taken.release_at,
      awaiting: taken.awaiting,
      description: `Reinstated: ${reason}`,
    });
    return written ? cents : 0;
  });
}

/**
 * What `cause` moved on the credit `sourceKey`, in signed cents: negative for what a refund or a
 * chargeback took back, positive for what a won chargeback gave back, 0 when nothing.
 */
export async function movedBy(
  tx: DbOrTx,
  sourceKey: string,
  cause: string,
  kind: "reversal" | "reinstatement",
): Promise<number> {
  const { rows } = await tx.execute<{ moved: string }>(sql`
    select coalesce(sum(a.amount), 0)::text as moved from ledger_entries a
    join ledger_entries c on c.id = a.credit_id
    where c.source_key = ${heldKey(sourceKey)} and a.cause = ${cause} and a.kind = ${kind}
  `);
  return signedToCents(rows[0].moved);
}
