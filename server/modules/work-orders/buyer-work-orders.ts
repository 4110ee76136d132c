import { sql } from "drizzle-orm";
import type { TServiceWorkOrder } from "../../../shared/api/work-orders";
import { isoTime } from "../../db/iso-time";
import type { DbOrTx } from "../../db/tx";
import { notFound } from "../../http/app-error";
import { DELIVERABLE_JSON } from "./work-orders-console";

/**
 * The work orders behind the buyer's services on one domain, by order id: status, due date, and
 * the deliverables once delivered (the buyer sees the delivery, not the drafts).
 */
export async function serviceWorkOrders(
  db: DbOrTx,
  scope: { userId: string; domainId: string },
): Promise<Map<string, TServiceWorkOrder>> {
  const { rows } = await db.execute<{ orderId: string; workOrder: TServiceWorkOrder }>(sql`
    select w.order_id as "orderId", json_build_object(
      'status', w.status, 'dueAt', ${isoTime(sql`w.due_at`)}, 'deliveredAt', ${isoTime(sql`w.delivered_at`)},
      'deliverables', case when w.status <> 'delivered' then '[]'::json else coalesce((
        select json_agg(${DELIVERABLE_JSON} order by f.created_at)
        from work_order_deliverables f where f.work_order_id = w.id), '[]') end
    ) as "workOrder"
    from work_orders w
    where w.user_id = ${scope.userId} and w.domain_id = ${scope.domainId}
  `);
  return new Map(rows.map((r) => [r.orderId, r.workOrder]));
}

/** A delivered file, for its buyer only, under the domain it was ordered for; anyone else gets 404. */
export async function deliverableFile(
  db: DbOrTx,
  scope: { userId: string; domainId: string; deliverableId: string },
): Promise<{ fileName: string; contentType: string; content: Buffer }> {
  const { rows } = await db.execute<{ fileName: string; contentType: string; content: unknown }>(sql`
    select f.file_name as "fileName", f.content_type as "contentType", f.content
    from work_order_deliverables f join work_orders w on w.id = f.work_order_id
    where f.id = ${scope.deliverableId} and w.user_id = ${scope.userId} and w.domain_id = ${scope.domainId}
      and w.status = 'delivered' and f.content is not null
  `);
  const file = rows[0];
  if (!file) throw notFound("Deliverable");
  return { ...file, content: toBuffer(file.content) };
}

/** node-postgres reads bytea as a Buffer; the embedded engine as a Uint8Array. */
function toBuffer(value: unknown): Buffer {
  if (value instanceof Uint8Array) return Buffer.from(value);
  if (typeof value === "string" && value.startsWith("\\x")) return Buffer.from(value.slice(2), "hex");
  throw new Error("A deliverable's content is not bytes");
}
