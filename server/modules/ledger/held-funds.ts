import { sql } from "drizzle-orm";
import { formatUsd, toCents } from "../../../shared/money";
import type { Db } from "../../db/pool";
import type { DbOrTx } from "../../db/tx";
import { notifyAll } from "../notifications/notify";
import type { RevenueType } from "./ledger.service";

const DAY_MS = 86_400_000;

export type HeldKind = "lead" | "commission" | "sale" | "campaign-bonus" | "campaign-return";

export interface HeldCredit {
  userId: string;
  domainId?: string | null;
  kind: HeldKind;
  /** Decimal string, two places: "12.50". */
  amount: string;
  /** 0 makes the credit available at once. */
  holdDays: number;
  description: string;
  /** The revenue event's key; the ledger entry's is derived from it. */
  sourceKey: string;
  revenueType: RevenueType;
  metadata?: Record<string, unknown>;
  orderId?: string | null;
  occurredAt?: Date;
  /**
   * What the credit waits for besides its hold (`buyer_payment`: a lead's share until the buyer
   * pays the invoice with that lead, docs/money.md#buyer-invoices); released by `endAwaiting`.
   */
  awaiting?: "buyer_payment";
}

/** The ledger entry a credit writes, and the one its reversal writes (as the migration named them). */
export const heldKey = (sourceKey: string) => `held:${sourceKey}`;
export const reversalKey = (sourceKey: string) => `reversal:${sourceKey}`;

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

async function moveBalance(tx: DbOrTx, userId: string, status: string, amount: string): Promise<void> {
  const column = status === "pending" ? sql.raw("pending") : sql.raw("available");
  await tx.execute(sql`
    update balances set ${column} = ${column} + ${amount}::numeric, updated_at = now() where user_id = ${userId}
  `);
}

/**
 * Funds the platform received and owes the user (docs/money.md): the revenue event the dashboard
 * reads and the held ledger entry, pending until the hold ends, in one transaction. Idempotent
 * by `sourceKey`: a second call changes nothing and answers false.
 */
export async function creditHeldFunds(db: DbOrTx, credit: HeldCredit): Promise<boolean> {
  const occurredAt = credit.occurredAt ?? new Date();
  const releaseAt = new Date(Date.now() + credit.holdDays * DAY_MS);
  // A credit that waits for something else stays pending even without a hold.
  const status = credit.holdDays > 0 || credit.awaiting ? "pending" : "available";
  return db.transaction(async (tx) => {
    // A credit only adds to the balance, in one atomic upsert at the end: the owner's balance row,
    // which every lead of the owner's domains waits for, is locked for as short a time as can be.
    const event = await tx.execute<{ id: string }>(sql`
      insert into revenue_events (user_id, domain_id, type, amount, description, metadata, source_key, occurred_at)
      values (${credit.userId}, ${credit.domainId ?? null}, ${credit.revenueType}, ${credit.amount}::numeric,
        ${credit.description}, ${JSON.stringify({ ...credit.metadata, held: true })}::jsonb, ${credit.sourceKey},
        ${occurredAt.toISOString()}::timestamptz)
      on conflict (source_key) do nothing
      returning id
    `);
    const eventId = event.rows[0]?.id;
    if (!eventId) return false;
    const entry = await tx.execute(sql`
      insert into ledger_entries (user_id, kind, amount, status, release_at, description, source_key, revenue_event_id, order_id, awaiting)
      values (${credit.userId}, ${credit.kind}, ${credit.amount}::numeric, ${status}, ${releaseAt.toISOString()}::timestamptz,
        ${credit.description}, ${heldKey(credit.sourceKey)}, ${eventId}, ${credit.orderId ?? null}, ${credit.awaiting ?? null})
      on conflict (source_key) do nothing
      returning id
    `);
    if (entry.rows.length === 0) return false;
    const column = status === "pending" ? sql.raw("pending") : sql.raw("available");
    await tx.execute(sql`
      insert into balances (user_id, ${column}) values (${credit.userId}, ${credit.amount}::numeric)
      on conflict (user_id) do update set ${column} = balances.${column} + excluded.${column}, updated_at = now()
    `);
    return true;
  });
}

type HeldEntry = {
  id: string;
  user_id: string;
  amount: string;
  status: string;
};

/** The ledger entry of one part of a credit taken back (a partial refund), by the part's own key. */
export const partReversalKey = (sourceKey: string, partKey: string) => `${reversalKey(sourceKey)}:${partKey}`;

/** Locks the user's balance, then the credit's ledger entry: undefined when there is no such credit. */
async function lockCredit(tx: DbOrTx, sourceKey: string): Promise<HeldEntry | undefined> {
  const owner = await tx.execute<{ user_id: string }>(
    sql`select user_id from ledger_entries where source_key = ${heldKey(sourceKey)}`,
  );
  const userId = owner.rows[0]?.user_id;
  if (!userId) return undefined;
  await lockBalance(tx, userId);
  const { rows } = await tx.execute<HeldEntry>(sql`
    select id, user_id, amount, status
    from ledger_entries where source_key = ${heldKey(sourceKey)} for update
  `);
  return rows[0];
}

/** What parts of the credit were already taken back (a positive decimal string, "0.00" when none). */
export async function partlyReversed(tx: DbOrTx, sourceKey: string): Promise<string> {
  const { rows } = await tx.execute<{ reversed: string }>(sql`
    select coalesce(-sum(amount), 0)::numeric(14, 2)::text as reversed from ledger_entries
    where starts_with(source_key, ${`${reversalKey(sourceKey)}:`})
  `);
  return rows[0].reversed;
}

/**
 * Writes one reversal of (part of) a credit: a negative revenue event and a negative ledger entry
 * beside the credit (same status and release date), and moves the balance. False when `key` was
 * written before.
 */
async function writeReversal(
  tx: DbOrTx,
  credit: HeldEntry,
  reversal: { sourceKey: string; key: string; amount: string; reason: string },
): Promise<boolean> {
  const { sourceKey, key, amount, reason } = reversal;
  const event = await tx.execute<{ id: string }>(sql`
    insert into revenue_events (user_id, domain_id, type, amount, description, metadata, source_key, occurred_at)
    select user_id, domain_id, type, -${amount}::numeric, ${`Reversed: ${reason}`},
      jsonb_build_object('held', true, 'reversalOf', ${sourceKey}::text, 'reason', ${reason}::text), ${key}, now()
    from revenue_events where source_key = ${sourceKey}
    on conflict (source_key) do nothing
    returning id
  `);
  const entry = await tx.execute(sql`
    insert into ledger_entries (user_id, kind, amount, status, release_at, description, source_key, revenue_event_id, order_id, awaiting)
    select user_id, 'reversal', -${amount}::numeric, status, release_at, ${`Reversed: ${reason}`}, ${key},
      ${event.rows[0]?.id ?? null}::uuid, order_id, awaiting
    from ledger_entries where id = ${credit.id}
    on conflict (source_key) do nothing
    returning id
  `);
  if (entry.rows.length === 0) return false;
  await moveBalance(tx, credit.user_id, credit.status, `-${amount}`);
  return true;
}

/**
 * Takes back what a credit put in: a refund, a chargeback, a returned lead. While the credit is
 * still pending the reversal is pending beside it with the same release date (the pair nets to
 * nothing and the pending sum drops at once); after release it comes off available, which may go
 * negative when the money was already paid out, to be repaid by later credits. A negative revenue
 * event keeps the dashboard's figures net. What parts of it were taken back before (partial
 * refunds) are not taken twice: only the rest is. Idempotent: a second call answers false.
 */
export async function reverseHeldFunds(
  db: DbOrTx,
  reversal: { sourceKey: string; reason: string },
): Promise<boolean> {
  const { sourceKey, reason } = reversal;
  return db.transaction(async (tx) => {
    const credit = await lockCredit(tx, sourceKey);
    if (!credit) return false;
    const { rows } = await tx.execute<{ rest: string }>(
      sql`select (${credit.amount}::numeric - ${await partlyReversed(tx, sourceKey)}::numeric)::text as rest`,
    );
    const written = await writeReversal(tx, credit, {
      sourceKey,
      key: reversalKey(sourceKey),
      amount: rows[0].rest,
      reason,
    });
    // The credit and its reversal net to nothing: nothing is left to wait for.
    if (written) await endAwaiting(tx, [sourceKey]);
    return written;
  });
}

/**
 * Ends the wait of the credits of `sourceKeys` and their reversals (a buyer paid the invoice with
 * those leads): each is released when its hold ends, or at the next release run if it has.
 */
export async function endAwaiting(tx: DbOrTx, sourceKeys: string[]): Promise<void> {
  if (sourceKeys.length === 0) return;
  await tx.execute(sql`
    update ledger_entries set awaiting = null
    where awaiting is not null and status = 'pending' and (
      source_key = any(${sql.param(sourceKeys.map(heldKey))}::text[])
      or source_key = any(${sql.param(sourceKeys.map(reversalKey))}::text[])
      or exists (select 1 from unnest(${sql.param(sourceKeys)}::text[]) k
        where starts_with(source_key, ${reversalKey("")} || k || ':')))
  `);
}

/**
 * Takes back part of a credit (its share of a partial refund), by the part's own key, bounded by
 * what is left of it. Idempotent by `partKey`: a second call answers false. Once the whole credit
 * is reversed (`reverseHeldFunds`), no part can be.
 */
export async function reverseHeldFundsPart(
  db: DbOrTx,
  reversal: { sourceKey: string; partKey: string; amount: string; reason: string },
): Promise<boolean> {
  const { sourceKey, partKey, amount, reason } = reversal;
  return db.transaction(async (tx) => {
    const credit = await lockCredit(tx, sourceKey);
    if (!credit) return false;
    const { rows } = await tx.execute<{ whole: boolean; fits: boolean }>(sql`
      select exists (select 1 from ledger_entries where source_key = ${reversalKey(sourceKey)}) as whole,
        ${amount}::numeric <= ${credit.amount}::numeric - ${await partlyReversed(tx, sourceKey)}::numeric as fits
    `);
    if (rows[0].whole || !rows[0].fits) return false;
    return writeReversal(tx, credit, { sourceKey, key: partReversalKey(sourceKey, partKey), amount, reason });
  });
}

/**
 * Moves every pending entry whose hold has ended, and that waits for nothing else, to available, and the balances with them, in
 * one statement per step however many there are. The balance rows are locked first, in key
 * order, as every other writer locks them.
 */
export async function releaseHeldFunds(options: { db: Db; now?: Date }): Promise<{ released: number }> {
  const now = (options.now ?? new Date()).toISOString();
  return options.db.transaction(async (tx) => {
    const locked = await tx.execute<{ user_id: string }>(sql`
      select user_id from balances
      where user_id in (select user_id from ledger_entries
        where status = 'pending' and awaiting is null and release_at <= ${now}::timestamptz)
      order by user_id for update
    `);
    if (locked.rows.length === 0) return { released: 0 };
    const users = locked.rows.map((r) => r.user_id);
    const moved = await tx.execute<{ user_id: string; amount: string; n: number }>(sql`
      with moved as (
        update ledger_entries set status = 'available'
        where status = 'pending' and awaiting is null and release_at <= ${now}::timestamptz
          and user_id = any(${sql.param(users)}::uuid[])
        returning user_id, amount
      ),
      delta as (select user_id, sum(amount) as d, count(*) as n from moved group by user_id)
      update balances b set available = b.available + delta.d, pending = b.pending - delta.d, updated_at = now()
      from delta where b.user_id = delta.user_id
      returning delta.user_id, delta.d::numeric(14, 2)::text as amount, delta.n::int as n
    `);
    // A release that nets to nothing or less (reversals beside their credits) tells nobody anything.
    await notifyAll(
      tx,
      moved.rows
        .filter((r) => toCents(r.amount) > 0)
        .map((r) => ({
          userId: r.user_id,
          kind: "funds_released" as const,
          title: "Funds available",
          body: `${formatUsd(r.amount)} of held earnings finished their hold and can be paid out now.`,
          href: "/payments",
        })),
    );
    return { released: moved.rows.reduce((sum, r) => sum + Number(r.n), 0) };
  });
}
