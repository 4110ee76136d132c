import { type SQL, sql } from "drizzle-orm";
import type { TBalance } from "../../../shared/api/payouts";
import type { DbOrTx } from "../../db/tx";

const RELEASES_SHOWN = 5;

/**
 * The user's held funds, every figure a sum of ledger rows (docs/money.md#the-ledger): available
 * and pending from the balance row (the ledger's running sums, kept in the same transactions as
 * the rows); paid out is what completed payouts took; a held or processing payout's debit is in
 * review (it may still come back); a failed or rejected one nets to nothing with its return. The
 * next release days sum the pending rows that wait for their hold only (days whose credits were
 * all reversed net to nothing and are left out); lead shares whose buyer has not paid the invoice
 * with them yet are pending with no release day, counted as awaiting buyer payment.
 */
export async function balanceOf(db: DbOrTx, userId: string): Promise<TBalance> {
  const { rows } = await db.execute<{
    available: string;
    pending: string;
    paid_out: string;
    in_review: string;
    releases: { date: string; amount: string }[] | null;
    awaiting: string;
  }>(sql`
    select coalesce(b.available, 0)::numeric(14,2)::text as available,
      coalesce(b.pending, 0)::numeric(14,2)::text as pending,
      (select coalesce(-sum(l.amount), 0)::numeric(14,2)::text from payouts p join ledger_entries l on l.payout_id = p.id
        where p.user_id = ${userId} and p.status = 'completed') as paid_out,
      (select coalesce(-sum(l.amount), 0)::numeric(14,2)::text from payouts p join ledger_entries l on l.payout_id = p.id
        where p.user_id = ${userId} and p.status in ('held', 'processing', 'unclaimed')) as in_review,
      (select json_agg(json_build_object('date', day, 'amount', amount::numeric(14,2)::text) order by day)
        from (select to_char(release_at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(amount) as amount
              from ledger_entries where user_id = ${userId} and status = 'pending' and awaiting is null
              group by 1 having sum(amount) <> 0 order by 1 limit ${RELEASES_SHOWN}) r) as releases,
      (select coalesce(sum(l.amount), 0)::numeric(14,2)::text from ledger_entries l
        where l.user_id = ${userId} and l.status = 'pending' and l.awaiting = 'buyer_payment') as awaiting
    from (select ${userId}::uuid as user_id) me left join balances b on b.user_id = me.user_id
  `);
  const row = rows[0];
  return {
    availableBalance: row.available,
    pendingBalance: row.pending,
    paidOut: row.paid_out,
    inReview: row.in_review,
    nextReleases: row.releases ?? [],
    awaitingBuyerPayment: row.awaiting,
    currency: "USD",
  };
}

/** The available and pending funds of several users at once (the console's list of accounts). */
export async function balancesOf(
  db: DbOrTx,
  userIds: string[],
): Promise<Map<string, { available: string; pending: string }>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await db.execute<{ user_id: string; available: string; pending: string }>(sql`
    select user_id::text, available::numeric(14,2)::text as available, pending::numeric(14,2)::text as pending
    from balances where user_id = any(${sql.param(userIds)}::uuid[])
  `);
  return new Map(rows.map((r) => [r.user_id, { available: r.available, pending: r.pending }]));
}

/**
 * The user's available funds as an SQL expression over a column holding the user's id, for a
 * query that picks accounts by what they can withdraw (the automatic payout run).
 */
export const availableOf = (userIdColumn: SQL) =>
  sql`(select b.available from balances b where b.user_id = ${userIdColumn})`;
