import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/tx";

export type RevenueType = "parking" | "lead" | "marketplace" | "affiliate" | "other";

export interface Credit {
  userId: string;
  domainId?: string | null;
  type: RevenueType;
  /** Decimal string, two places: "12.50". */
  amount: string;
  description: string;
  metadata?: Record<string, unknown> | null;
  /**
   * Makes the credit idempotent: a second credit with the same key replaces the first (a
   * re-imported parking day) instead of adding to it, and the balance moves by the difference.
   */
  sourceKey?: string | null;
  occurredAt?: Date;
}

/**
 * Writes revenue events and moves each owner's balance by exactly what changed: callers pass a
 * transaction when the credit must commit with other writes. The owners' balance rows are
 * locked first (as a payout locks them), so that concurrent credits of the same key read the
 * amount they replace only after the other has committed. Keys must be unique within one call.
 */
export async function creditRevenue(db: DbOrTx, credits: Credit[]): Promise<void> {
  if (credits.length === 0) return;
  const rows = credits.map((c) => ({
    user_id: c.userId,
    domain_id: c.domainId ?? null,
    type: c.type,
    amount: c.amount,
    description: c.description,
    metadata: c.metadata ?? null,
    source_key: c.sourceKey ?? null,
    occurred_at: (c.occurredAt ?? new Date()).toISOString(),
  }));
  const owners = [...new Set(credits.map((c) => c.userId))].sort();
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into balances (user_id) select unnest(${sql.param(owners)}::uuid[]) on conflict do nothing
    `);
    await tx.execute(
      sql`select 1 from balances where user_id = any(${sql.param(owners)}::uuid[]) order by user_id for update`,
    );
    await applyCredits(tx, rows);
  });
}

/**
 * One statement: upsert the events and add each owner's delta (the new amounts minus the ones
 * they replace, read from the statement's snapshot) to the balance. The two sides are summed,
 * never joined, so thousands of keys stay linear. The events must not be locked here: a row
 * this statement updates is invisible to a `for update` in the same statement.
 */
async function applyCredits(tx: DbOrTx, rows: Record<string, unknown>[]): Promise<void> {
  await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
        user_id uuid, domain_id uuid, type text, amount numeric, description text,
        metadata jsonb, source_key text, occurred_at timestamptz)
    ),
    prev as (
      select e.user_id, e.amount from revenue_events e
      join input i on i.source_key = e.source_key
    ),
    upsert as (
      insert into revenue_events (user_id, domain_id, type, amount, description, metadata, source_key, occurred_at)
      select user_id, domain_id, type, amount, description, metadata, source_key, occurred_at from input
      on conflict (source_key) do update set
        amount = excluded.amount, description = excluded.description,
        metadata = excluded.metadata, occurred_at = excluded.occurred_at
      returning user_id, source_key, amount
    ),
    delta as (
      select user_id, sum(amount) as d
      from (select user_id, amount from upsert union all select user_id, -amount from prev) moves
      group by user_id
    )
    insert into balances (user_id, available)
    select user_id, d from delta
    on conflict (user_id) do update set available = balances.available + excluded.available, updated_at = now()
  `);
}

/** Removes credits by key (a parking day re-imported as nothing) and takes them off the balance. */
export async function removeRevenue(db: DbOrTx, sourceKeys: string[]): Promise<void> {
  if (sourceKeys.length === 0) return;
  await db.execute(sql`
    with gone as (
      delete from revenue_events where source_key = any(${sql.param(sourceKeys)}::text[])
      returning user_id, amount
    ),
    delta as (select user_id, sum(amount) as d from gone group by user_id)
    update balances b set available = b.available - delta.d, updated_at = now()
    from delta where b.user_id = delta.user_id
  `);
}
