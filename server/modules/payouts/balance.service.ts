import { desc, eq, sql } from "drizzle-orm";
import type {
  TBalance,
  TPaymentMethod,
  TPaymentSettings,
  TPaymentSettingsUpdate,
  TTransaction,
} from "../../../shared/api/payments";
import { payouts, serviceOrders, transactions, users } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { notFound } from "../../http/app-error";
import type { Payments } from "../../payments/payments";

const TRANSACTION_LIMIT = 100;

const RELEASES_SHOWN = 5;

/**
 * The held-funds balance: available and pending from the balance row (the ledger's running sums),
 * paid out, in review and the next releases summed from the ledger's rows. Paid out is what
 * completed payouts took; a held or processing payout's debit is in review (it may still come
 * back); a failed or rejected one nets to nothing with its return. Release days whose credits
 * were all reversed net to nothing and are left out. Lead shares whose buyer has not paid the
 * invoice with them yet are pending with no release day: they are counted in awaiting buyer payment.
 */
export async function getBalance(options: { db: Db; userId: string }): Promise<TBalance> {
  const { rows } = await options.db.execute<{
    available: string;
    pending: string;
    paid_out: string;
    in_review: string;
    releases: { date: string; amount: string }[] | null;
    awaiting: string;
  }>(sql`
    select coalesce(b.available, 0)::numeric(14,2)::text as available,
      coalesce(b.pending, 0)::numeric(14,2)::text as pending,
      (select coalesce(-sum(l.amount), 0)::numeric(14,2)::text from ledger_entries l join payouts p on p.id = l.payout_id
        where l.user_id = ${options.userId} and l.kind in ('payout', 'payout-return')
          and p.status = 'completed') as paid_out,
      (select coalesce(-sum(l.amount), 0)::numeric(12,2)::text from ledger_entries l join payouts p on p.id = l.payout_id
        where l.user_id = ${options.userId} and l.kind in ('payout', 'payout-return')
          and p.status in ('held', 'processing')) as in_review,
      (select json_agg(json_build_object('date', day, 'amount', amount::numeric(14,2)::text) order by day)
        from (select to_char(release_at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(amount) as amount
              from ledger_entries where user_id = ${options.userId} and status = 'pending' and awaiting is null
              group by 1 having sum(amount) <> 0 order by 1 limit ${RELEASES_SHOWN}) r) as releases,
      (select coalesce(sum(l.amount), 0)::numeric(14,2)::text from ledger_entries l
        where l.user_id = ${options.userId} and l.status = 'pending' and l.awaiting = 'buyer_payment') as awaiting
    from (select ${options.userId}::uuid as user_id) me left join balances b on b.user_id = me.user_id
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

/** Payments, refunds, payouts and test payments, newest first, each with what it was for. */
export async function listTransactions(options: { db: Db; userId: string }): Promise<TTransaction[]> {
  const rows = await options.db
    .select({
      id: transactions.id,
      type: transactions.type,
      amount: transactions.amount,
      paymentMethod: transactions.paymentMethod,
      status: transactions.status,
      createdAt: transactions.createdAt,
      orderDescription: serviceOrders.description,
      payoutEmail: payouts.paypalEmail,
      rejectReason: payouts.rejectReason,
      scheduledPeriod: payouts.scheduledPeriod,
    })
    .from(transactions)
    .leftJoin(serviceOrders, eq(serviceOrders.id, transactions.orderId))
    .leftJoin(payouts, eq(payouts.id, transactions.payoutId))
    .where(eq(transactions.userId, options.userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(TRANSACTION_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    description:
      (r.type === "refund" && r.orderDescription ? `Refund: ${r.orderDescription}` : r.orderDescription) ??
      payoutDescription(r) ??
      (r.type === "test_payment" ? "Test payment" : r.type),
    amount: r.amount,
    paymentMethod: r.paymentMethod,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** A payout's line: automatic or not, where it went, and why staff rejected it when they did. */
function payoutDescription(r: {
  payoutEmail: string | null;
  rejectReason: string | null;
  scheduledPeriod: string | null;
}): string | null {
  if (!r.payoutEmail) return null;
  const line = `${r.scheduledPeriod ? "Automatic payout" : "Payout"} to ${r.payoutEmail}`;
  return r.rejectReason ? `${line}. Rejected: ${r.rejectReason}` : line;
}

/** The providers this instance takes payments with, and whether each moves real money. */
export function listPaymentMethods(payments: Payments): TPaymentMethod[] {
  return [
    {
      id: "stripe",
      name: "Stripe",
      kind: "card",
      mode: payments.stripe ? "live" : "sandbox",
      usedFor: ["checkout"],
    },
    {
      id: "paypal",
      name: "PayPal",
      kind: "wallet",
      mode: payments.paypal ? "live" : "sandbox",
      usedFor: ["checkout", "payouts"],
    },
  ];
}

export async function getPaymentSettings(options: { db: Db; userId: string }): Promise<TPaymentSettings> {
  const [row] = await options.db
    .select({
      minPayout: users.minPayout,
      payoutFrequency: users.payoutFrequency,
      autoPayout: users.autoPayout,
    })
    .from(users)
    .where(eq(users.id, options.userId));
  if (!row) throw notFound("User");
  const [last] = await options.db
    .select({ paypalEmail: payouts.paypalEmail })
    .from(payouts)
    .where(eq(payouts.userId, options.userId))
    .orderBy(desc(payouts.createdAt))
    .limit(1);
  return {
    minPayout: row.minPayout,
    payoutFrequency: row.payoutFrequency as TPaymentSettings["payoutFrequency"],
    autoPayout: row.autoPayout,
    lastPayoutEmail: last?.paypalEmail ?? null,
  };
}

/** Saves the payout minimum and frequency, and auto payout when it is sent. */
export async function updatePaymentSettings(options: {
  db: Db;
  userId: string;
  settings: TPaymentSettingsUpdate;
}): Promise<TPaymentSettings> {
  const { minPayout, payoutFrequency, autoPayout } = options.settings;
  await options.db
    .update(users)
    .set({
      minPayout,
      payoutFrequency,
      ...(autoPayout === undefined ? {} : { autoPayout }),
    })
    .where(eq(users.id, options.userId));
  return getPaymentSettings(options);
}
