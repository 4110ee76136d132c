import { type SQL, sql } from "drizzle-orm";
import { SUPPORT_TARGETS } from "../../../shared/support";
import { isoTime } from "../../db/iso-time";

/** A ticket's columns as the API sends them; `t` is support_tickets, `o` service_orders, `d` domains. */
export const TICKET_COLUMNS = sql`t.id, t.subject, t.status, t.tier,
  ${isoTime(sql`t.response_due_at`)} as "responseDueAt",
  (t.status = 'open' and t.response_due_at < now()) as overdue,
  t.order_id as "orderId", o.description as "orderDescription",
  t.domain_id as "domainId", d.name as "domainName",
  ${isoTime(sql`t.created_at`)} as "createdAt", ${isoTime(sql`t.last_message_at`)} as "lastMessageAt"`;

/** The joins TICKET_COLUMNS reads. */
export const TICKET_JOINS = sql`left join service_orders o on o.id = t.order_id
  left join domains d on d.id = t.domain_id`;

/** The queue's rank of a ticket's tier: the most urgent tier is 1 (SUPPORT_TARGETS' order). */
export const TIER_RANK: SQL = sql`coalesce(array_position(array[${sql.join(
  SUPPORT_TARGETS.map((t) => sql`${t.tier}`),
  sql`, `,
)}]::text[], t.tier), ${SUPPORT_TARGETS.length})`;

/** A thread's messages, oldest first; a staff author is shown as "Support", not by name. */
export const threadOf = (ticketId: string) => sql`
  select m.id, m.from_staff as "fromStaff",
    case when m.from_staff then 'Support' else coalesce(u.name, 'You') end as "authorName",
    m.body, ${isoTime(sql`m.created_at`)} as "createdAt"
  from support_messages m left join users u on u.id = m.author_id
  where m.ticket_id = ${ticketId}
  order by m.created_at, m.id`;
