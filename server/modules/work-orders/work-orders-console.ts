import { sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  TAdminWorkOrder,
  TAdminWorkOrderDetail,
  ZAdminWorkOrdersQuery,
} from "../../../shared/api/admin/work-orders";
import { containsPattern } from "../../db/contains-pattern";
import { cursorPage } from "../../db/cursor-page";
import { exactIsoTime, isoTime } from "../../db/iso-time";
import type { DbOrTx } from "../../db/tx";
import { notFound } from "../../http/app-error";

const OPEN = sql`('queued', 'in_progress')`;

/** A queue row's columns, `w` the work order; overdue is computed, never stored. */
const ROW_COLUMNS = sql`w.id, w.order_id as "orderId", w.title, w.offer_id as "offerId", w.status,
  u.email as "buyerEmail", d.name as "domainName",
  case when a.id is null then null else json_build_object('id', a.id, 'name', a.name) end as assignee,
  ${isoTime(sql`w.due_at`)} as "dueAt", (w.due_at < now() and w.status in ${OPEN}) as overdue,
  ${isoTime(sql`w.delivered_at`)} as "deliveredAt", ${isoTime(sql`w.created_at`)} as "createdAt"`;

const ROW_JOINS = sql`from work_orders w
  join users u on u.id = w.user_id
  left join domains d on d.id = w.domain_id
  left join users a on a.id = w.assignee_id`;

/**
 * The queue a page at a time, earliest due first (so overdue orders lead the open queue), then by
 * id; `q` matches part of the title or the buyer's email.
 */
export async function listWorkOrders(
  db: DbOrTx,
  query: z.output<typeof ZAdminWorkOrdersQuery>,
): Promise<{ data: TAdminWorkOrder[]; nextCursor: string | null }> {
  const like = query.q ? containsPattern(query.q) : undefined;
  const after = query.cursor;
  const status =
    query.status === "all"
      ? sql``
      : query.status === "open"
        ? sql`and w.status in ${OPEN}`
        : sql`and w.status = ${query.status}`;
  const { rows } = await db.execute<TAdminWorkOrder & { sortKey: string } & Record<string, unknown>>(sql`
    select ${ROW_COLUMNS}, ${exactIsoTime(sql`w.due_at`)} as "sortKey"
    ${ROW_JOINS}
    where true ${status}
      ${like ? sql`and (lower(w.title) like ${like} or lower(u.email) like ${like})` : sql``}
      ${after ? sql`and (w.due_at, w.id) > (${after.time}::timestamptz, ${after.key}::uuid)` : sql``}
    order by w.due_at, w.id
    limit ${query.limit + 1}
  `);
  return cursorPage<TAdminWorkOrder>(rows, query.limit);
}

/** A deliverable's visible columns, `f` the deliverable (never its bytes). */
export const DELIVERABLE_JSON = sql`json_build_object('id', f.id, 'body', f.body, 'fileName', f.file_name,
  'contentType', f.content_type, 'size', f.size, 'createdAt', ${isoTime(sql`f.created_at`)})`;

/** One work order as staff deliver it: the order, the buyer, the domain, notes, deliverables, and who can take it. */
export async function workOrderDetail(db: DbOrTx, id: string): Promise<TAdminWorkOrderDetail> {
  const { rows } = await db.execute<{ detail: TAdminWorkOrderDetail | null }>(sql`
    select json_build_object(
      'workOrder', (select row_to_json(x) from (select ${ROW_COLUMNS}, w.description) x),
      'order', (select json_build_object('id', o.id, 'description', o.description, 'price', o.price::text,
          'status', o.status, 'provider', o.provider, 'paidAt', ${isoTime(sql`o.paid_at`)})
        from service_orders o where o.id = w.order_id),
      'buyer', json_build_object('id', u.id, 'name', u.name, 'email', u.email),
      'domain', case when d.id is null then null else json_build_object('id', d.id, 'name', d.name) end,
      'notes', coalesce((select json_agg(n order by n."createdAt") from (
        select n.id, coalesce(s.name, 'Former staff') as author, n.body, ${isoTime(sql`n.created_at`)} as "createdAt"
        from work_order_notes n left join users s on s.id = n.author_id where n.work_order_id = w.id) n), '[]'),
      'deliverables', coalesce((select json_agg(${DELIVERABLE_JSON} order by f.created_at)
        from work_order_deliverables f where f.work_order_id = w.id), '[]'),
      'staff', coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name, 'email', s.email) order by s.name)
        from users s where s.role = 'staff'), '[]')
    ) as detail
    ${ROW_JOINS}
    where w.id = ${id}
  `);
  const detail = rows[0]?.detail;
  if (!detail) throw notFound("Work order");
  return detail;
}
