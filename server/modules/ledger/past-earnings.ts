import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/tx";

/**
 * Books a user's lead and affiliate revenue events, written before, as held funds credited when
 * each happened (a history recorded after the fact: the demo account's): those whose hold has
 * ended by `now` are available, the rest pending. One statement for the entries and one for the
 * balance, however many there are.
 */
export async function creditPastEarnings(
  tx: DbOrTx,
  options: { userId: string; now: Date; holdDays: { lead: number; commission: number } },
): Promise<void> {
  const { userId, holdDays } = options;
  const now = options.now.toISOString();
  await tx.execute(sql`
    insert into ledger_entries
      (user_id, kind, amount, status, release_at, description, source_key, revenue_event_id, order_id, created_at)
    select e.user_id, h.kind, e.amount,
      case when e.occurred_at + h.hold <= ${now}::timestamptz then 'available' else 'pending' end,
      e.occurred_at + h.hold, e.description, 'held:' || e.source_key, e.id, (e.metadata->>'orderId')::uuid,
      e.occurred_at
    from revenue_events e
    cross join lateral (
      select case e.type when 'lead' then 'lead' else 'commission' end as kind,
        make_interval(days => case e.type when 'lead' then ${holdDays.lead}::int else ${holdDays.commission}::int end) as hold
    ) h
    where e.user_id = ${userId} and e.type in ('lead', 'affiliate') and e.source_key is not null
  `);
  await tx.execute(sql`
    insert into balances (user_id) values (${userId}) on conflict do nothing
  `);
  await tx.execute(sql`
    update balances set
      available = coalesce((select sum(amount) from ledger_entries where user_id = ${userId} and status = 'available'), 0),
      pending = coalesce((select sum(amount) from ledger_entries where user_id = ${userId} and status = 'pending'), 0),
      updated_at = now()
    where user_id = ${userId}
  `);
}
