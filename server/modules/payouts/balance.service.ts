import { desc, eq } from "drizzle-orm";
import type {
  TBalance,
  TPaymentMethod,
  TPaymentSettings,
  TPaymentSettingsUpdate,
  TTransaction,
} from "../../../shared/api/payouts";
import { payouts, serviceOrders, transactions, users } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { notFound } from "../../http/app-error";
import type { Payments } from "../../payments/payments";
import { balanceOf } from "../ledger/balance-of";

const TRANSACTION_LIMIT = 100;

/** The user's held funds, as the ledger sums them. */
export const getBalance = (options: { db: Db; userId: string }): Promise<TBalance> =>
  balanceOf(options.db, options.userId);

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
