import { sql } from "drizzle-orm";
import type { TAdminChargeback, TAdminUnmatchedPayment } from "../../../shared/api/admin/money";
import { cursorPage } from "../../db/cursor-page";
import { exactIsoTime, isoTime } from "../../db/iso-time";
import type { Db } from "../../db/pool";

type Page = { limit: number; cursor?: { time: string; key: string } };

/** Payments no open order was waiting for, newest first: the failed refunds are the ones staff must settle. */
export async function listUnmatchedPayments(db: Db, query: Page) {
  const after = query.cursor;
  const { rows } = await db.execute<
    TAdminUnmatchedPayment & { sortKey: string } & Record<string, unknown>
  >(sql`
    select p.id::text, p.provider, p.provider_payment_id as "providerPaymentId", p.amount::text, p.reason, p.status,
      p.order_id::text as "orderId", u.email as "buyerEmail", p.provider_refund_id as "providerRefundId",
      p.last_error as "lastError", ${isoTime(sql`p.created_at`)} as "createdAt",
      ${isoTime(sql`p.refunded_at`)} as "refundedAt", ${exactIsoTime(sql`p.created_at`)} as "sortKey"
    from unmatched_payments p left join users u on u.id = p.user_id
    where true ${after ? sql`and (p.created_at, p.id) < (${after.time}::timestamptz, ${after.key}::uuid)` : sql``}
    order by p.created_at desc, p.id desc
    limit ${query.limit + 1}
  `);
  return cursorPage<TAdminUnmatchedPayment>(rows, query.limit);
}

/** Chargebacks, newest first, each with the order (or lead invoice) it took back. */
export async function listChargebacks(db: Db, query: Page) {
  const after = query.cursor;
  const { rows } = await db.execute<TAdminChargeback & { sortKey: string } & Record<string, unknown>>(sql`
    select d.provider || ':' || d.dispute_id as id, d.provider, d.amount::text, d.status,
      d.order_id::text as "orderId", d.invoice_id::text as "invoiceId", o.description, u.email as "buyerEmail",
      ${isoTime(sql`d.opened_at`)} as "openedAt", ${isoTime(sql`d.closed_at`)} as "closedAt",
      ${exactIsoTime(sql`d.opened_at`)} as "sortKey"
    from payment_disputes d
    left join service_orders o on o.id = d.order_id
    left join users u on u.id = o.user_id
    where true ${after ? sql`and (d.opened_at, d.provider || ':' || d.dispute_id) < (${after.time}::timestamptz, ${after.key})` : sql``}
    order by d.opened_at desc, d.provider || ':' || d.dispute_id desc
    limit ${query.limit + 1}
  `);
  return cursorPage<TAdminChargeback>(rows, query.limit);
}
