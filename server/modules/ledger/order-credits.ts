import { sql } from "drizzle-orm";
import { toCents } from "../../../shared/money";
import type { DbOrTx } from "../../db/tx";
import { lockBalances } from "./balance-lock";
import { reinstateHeldFunds, reverseHeldFunds } from "./reverse-credit";

/** What a refund or a chargeback took back (or a won chargeback gave back), in cents, by the credit's source key. */
export type CreditsMoved = ReadonlyMap<string, number>;

/** The credits an order's payment funds (a referrer's commission, a seller's proceeds, campaign shares), owners first. */
async function creditsFundedBy(tx: DbOrTx, orderId: string) {
  const { rows } = await tx.execute<{ source_key: string; user_id: string; amount: string }>(sql`
    select substr(source_key, 6) as source_key, user_id::text, amount::text from ledger_entries
    where order_id = ${orderId} and credit_id is null and starts_with(source_key, 'held:')
    order by user_id, id
  `);
  await lockBalances(
    tx,
    rows.map((r) => r.user_id),
  );
  return rows;
}

/**
 * Takes back what an order's payment funded, once per `cause` (the provider's id of the refund or
 * the dispute): every credit whole, or, for a part refunded (`part`: cents refunded of the cents
 * paid), each credit's share of it, commission × refunded ÷ paid rounded to the cent (a $500
 * refund of a $1,000 sale takes $425 of the seller's $850). What parts took before is never taken
 * twice: a whole reversal takes only what is left.
 */
export async function reverseOrderCredits(
  tx: DbOrTx,
  reversal: { orderId: string; cause: string; reason: string; part?: { cents: number; ofCents: number } },
): Promise<CreditsMoved> {
  const moved = new Map<string, number>();
  const { part } = reversal;
  for (const credit of await creditsFundedBy(tx, reversal.orderId)) {
    const share = part ? Math.round((toCents(credit.amount) * part.cents) / part.ofCents) : undefined;
    if (share !== undefined && share <= 0) continue;
    const cents = await reverseHeldFunds(tx, {
      sourceKey: credit.source_key,
      cause: reversal.cause,
      reason: reversal.reason,
      cents: share,
    });
    if (cents > 0) moved.set(credit.source_key, cents);
  }
  return moved;
}

/** Gives back what the reversals of `cause` took from an order's credits (a chargeback won). */
export async function reinstateOrderCredits(
  tx: DbOrTx,
  reinstatement: { orderId: string; cause: string; reason: string },
): Promise<CreditsMoved> {
  const moved = new Map<string, number>();
  for (const credit of await creditsFundedBy(tx, reinstatement.orderId)) {
    const cents = await reinstateHeldFunds(tx, { sourceKey: credit.source_key, ...reinstatement });
    if (cents > 0) moved.set(credit.source_key, cents);
  }
  return moved;
}
