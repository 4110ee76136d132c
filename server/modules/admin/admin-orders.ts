import { type SQL, sql } from "drizzle-orm";
import type { TAdminOrder } from "../../../shared/api/admin/orders";
import { containsPattern } from "../../db/contains-pattern";
import { cursorPage } from "../../db/cursor-page";
import { exactIsoTime, isoTime } from "../../db/iso-time";
import type { Db } from "../../db/pool";
import type { DbOrTx } from "../../db/tx";
import { notFound } from "../../http/app-error";

const ORDER_COLUMNS = sql`o.id, o.description, u.email as "buyerEmail", o.price::text as price,
  (select coalesce(sum(r.amount), 0)::numeric(12, 2)::text from order_refunds r
    where r.order_id = o.id and r.status = 'succeeded') as refunded,
  o.status, o.provider, ${isoTime(sql`o.paid_at`)} as "paidAt", ${isoTime(sql`o.created_at`)} as "createdAt"`;

const ordersWhere = (condition: SQL) => sql`
  from service_orders o join users u on u.id = o.user_id
  where o.paid_at is not null and ${condition}`;

/** Every paid order, newest first, a page at a time; `q` matches part of its id, buyer email or description. */
export async function searchOrders(
  db: Db,
  query: { q?: string; limit: number; cursor?: { time: string; key: string } },
): Promise<{ data: TAdminOrder[]; nextCursor: string | null }> {
  const like = query.q ? containsPattern(query.q) : undefined;
  const after = query.cursor;
  const { rows } = await db.execute<TAdminOrder & { sortKey: string } & Record<string, unknown>>(sql`
    select ${ORDER_COLUMNS}, ${exactIsoTime(sql`o.created_at`)} as "sortKey"
    ${ordersWhere(sql`true`)}
      ${like ? sql`and (o.id::text like ${like} or lower(u.email) like ${like} or lower(o.description) like ${like})` : sql``}
      ${after ? sql`and (o.created_at, o.id) < (${after.time}::timestamptz, ${after.key}::uuid)` : sql``}
    order by o.created_at desc, o.id desc
    limit ${query.limit + 1}
  `);
  return cursorPage<TAdminOrder>(rows, query.limit);
}

/** One paid order as the console lists it. */
export async function adminOrder(db: DbOrTx, orderId: string): Promise<TAdminOrder> {
  const { rows } = await db.execute<TAdminOrder & Record<string, unknown>>(
    sql`select ${ORDER_COLUMNS} ${ordersWhere(sql`o.id = ${orderId}`)}`,
  );
  if (!rows[0]) throw notFound("Order");
  return rows[0];
}
