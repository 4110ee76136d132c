import { type SQL, sql } from "drizzle-orm";
import type { TRevenueType } from "../../../shared/api/revenue";
import type { DbOrTx } from "../../db/tx";

export type RevenueType = TRevenueType;

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
   * re-imported parking day) instead of adding to it.
   */
  sourceKey?: string | null;
  occurredAt?: Date;
}

/**
 * Writes reported revenue (docs/money.md): parking reports, sales the owner recorded, demo data,
 * and test-money records (a sandbox commission). It is not money: it feeds the dashboard,
 * analytics and P&L and never the balance; held funds are the ledger's (`creditHeldFunds`). Callers pass a transaction when the credit must commit with other writes.
 * Keys must be unique within one call; a credit with a key already written replaces it.
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
  await db.execute(sql`
    insert into revenue_events (user_id, domain_id, type, amount, description, metadata, source_key, occurred_at)
    select user_id, domain_id, type, amount, description, metadata, source_key, occurred_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
      user_id uuid, domain_id uuid, type text, amount numeric, description text,
      metadata jsonb, source_key text, occurred_at timestamptz)
    on conflict (source_key) do update set
      amount = excluded.amount, description = excluded.description,
      metadata = excluded.metadata, occurred_at = excluded.occurred_at
  `);
}

/** Removes reported credits by key (a parking day re-imported as nothing). */
export async function removeRevenue(db: DbOrTx, sourceKeys: string[]): Promise<void> {
  if (sourceKeys.length === 0) return;
  await db.execute(sql`delete from revenue_events where source_key = any(${sql.param(sourceKeys)}::text[])`);
}

/** The ledger key of one network's revenue for one domain and day: writing the day again replaces it. */
export const parkingSourceKey = (network: string, domainId: string, day: string) =>
  `parking:${network}:${domainId}:${day}`;

/**
 * The steps of one statement that credit parking days set-based, for the parking writer, which
 * writes a chunk of days in one statement: `days` names an earlier step of that statement with
 * the columns (domain_id uuid, name text, day date, revenue numeric, visitors int, clicks int).
 * Each day that earned gets its `parking` event keyed as `parkingSourceKey` says, replacing the one
 * written before (a day imported or synced again never doubles), dated noon UTC of that day; a
 * day that earned nothing loses its event.
 */
export function parkingCreditSteps(options: {
  days: string;
  userId: string;
  network: string;
  label: string;
}): SQL {
  const { userId, network, label } = options;
  const days = sql.identifier(options.days);
  const dayText = sql`to_char(d.day, 'YYYY-MM-DD')`;
  const sourceKey = sql`${`parking:${network}:`} || d.domain_id || ':' || ${dayText}`;
  return sql`
    credited as (
      insert into revenue_events (user_id, domain_id, type, amount, description, metadata, source_key, occurred_at)
      select ${userId}, d.domain_id, 'parking', d.revenue, ${`${label} parking revenue for `} || d.name || ' on ' || ${dayText},
        jsonb_build_object('network', ${network}::text, 'day', ${dayText}, 'visitors', d.visitors, 'clicks', d.clicks),
        ${sourceKey},
        -- Noon UTC keeps the day's revenue on that calendar day in nearly every time zone.
        (d.day + time '12:00') at time zone 'UTC'
      from ${days} d where d.revenue <> 0
      on conflict (source_key) do update set
        amount = excluded.amount, description = excluded.description,
        metadata = excluded.metadata, occurred_at = excluded.occurred_at
    ), uncredited as (
      delete from revenue_events where source_key in (select ${sourceKey} from ${days} d where d.revenue = 0)
    )`;
}
