import { sql } from "drizzle-orm";
import type { DemoContext } from "./demo-context";

/** The default holds (docs/money.md): the demo shows them as a fresh install would. */
const LEAD_HOLD_DAYS = 14;
const COMMISSION_HOLD_DAYS = 30;

/**
 * The demo's lead earnings and commissions become held funds, as if each had been credited when
 * it happened: those whose hold has ended are available, the last weeks' still pending, so the
 * Payments page shows both. One statement for the ledger and one for the balance, however many
 * there are; the revenue events were written before.
 */
export async function holdDemoEarnings(ctx: DemoContext): Promise<void> {
  const now = ctx.now.toISOString();
  await ctx.tx.execute(sql`
    insert into ledger_entries
      (user_id, kind, amount, status, release_at, description, source_key, revenue_event_id, order_id, created_at)
    select e.user_id, h.kind, e.amount,
      case when e.occurred_at + h.hold <= ${now}::timestamptz then 'available' else 'pending' end,
      e.occurred_at + h.hold, e.description, 'held:' || e.source_key, e.id, (e.metadata->>'orderId')::uuid,
      e.occurred_at
    from revenue_events e
    cross join lateral (
      select case e.type when 'lead' then 'lead' else 'commission' end as kind,
        make_interval(days => case e.type when 'lead' then ${LEAD_HOLD_DAYS}::int else ${COMMISSION_HOLD_DAYS}::int end) as hold
    ) h
    where e.user_id = ${ctx.userId} and e.type in ('lead', 'affiliate') and e.source_key is not null
  `);
  await ctx.tx.execute(sql`
    update balances set
      available = coalesce((select sum(amount) from ledger_entries where user_id = ${ctx.userId} and status = 'available'), 0),
      pending = coalesce((select sum(amount) from ledger_entries where user_id = ${ctx.userId} and status = 'pending'), 0),
      updated_at = now()
    where user_id = ${ctx.userId}
  `);
}
