import { sql } from "drizzle-orm";
import type { TRevenueType } from "../../../shared/api/revenue";
import { formatUsd, toCents } from "../../../shared/money";
import type { Db } from "../../db/pool";
import type { DbOrTx } from "../../db/tx";
import { notifyAll } from "../notifications/notify";

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
  revenueType: TRevenueType;
  metadata?: Record<string, unknown>;
  /**
   * The order whose payment funds the credit: a refund or chargeback of that payment takes the
   * credit back, in whole or its share of a part (`reverseOrderCredits`).
   */
  orderId?: string | null;
  occurredAt?: Date;
  /**
   * What the credit waits for besides its hold (`buyer_payment`: a lead's share until the buyer
   * pays the invoice with that lead, docs/money.md#buyer-invoices); released by `endAwaiting`.
   */
  awaiting?: "buyer_payment";
}

/** The ledger entry a credit writes (its revenue event keeps the bare source key). */
export const heldKey = (sourceKey: string) => `held:${sourceKey}`;

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

/**
 * Ends the wait of the credits of `sourceKeys` and of what adjusts them (a buyer paid the invoice
 * with those leads): each is released when its hold ends, or at the next release run if it has.
 */
export async function endAwaiting(tx: DbOrTx, sourceKeys: string[]): Promise<void> {
  if (sourceKeys.length === 0) return;
  await tx.execute(sql`
    with credits as (select id from ledger_entries where source_key = any(${sql.param(sourceKeys.map(heldKey))}::text[]))
    update ledger_entries set awaiting = null
    where awaiting is not null and status = 'pending'
      and (id in (select id from credits) or credit_id in (select id from credits))
  `);
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
