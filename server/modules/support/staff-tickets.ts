import { sql } from "drizzle-orm";
import type {
  TAdminTicket,
  TAdminTicketsQuery,
  TAdminTicketThread,
  TTicketMessage,
  TTicketStatus,
} from "../../../shared/api/support";
import { supportTarget } from "../../../shared/support";
import { containsPattern } from "../../db/contains-pattern";
import type { Db } from "../../db/pool";
import type { DbOrTx } from "../../db/tx";
import { notFound } from "../../http/app-error";
import type { Mailer } from "../../mail/mailer";
import { notify } from "../notifications/notify";
import { TICKET_COLUMNS, TICKET_JOINS, TIER_RANK, threadOf } from "./ticket-rows";

const ADMIN_COLUMNS = sql`${TICKET_COLUMNS}, u.email as "userEmail", u.name as "userName"`;
const ADMIN_JOINS = sql`join users u on u.id = t.user_id ${TICKET_JOINS}`;

/**
 * The staff queue: the most urgent tier first, then the earliest due, a page at a time (the
 * cursor is an offset: the order is by tier, not by a time).
 */
export async function ticketQueue(
  db: Db,
  query: TAdminTicketsQuery,
): Promise<{ data: TAdminTicket[]; nextCursor: string | null }> {
  const like = query.q ? containsPattern(query.q) : undefined;
  const offset = query.cursor ?? 0;
  const status =
    query.status === "all"
      ? sql``
      : query.status === "active"
        ? sql`and t.status <> 'closed'`
        : sql`and t.status = ${query.status}`;
  const { rows } = await db.execute<TAdminTicket & Record<string, unknown>>(sql`
    select ${ADMIN_COLUMNS} from support_tickets t ${ADMIN_JOINS}
    where true ${status}
      ${like ? sql`and (lower(t.subject) like ${like} or lower(u.email) like ${like})` : sql``}
    order by (t.status = 'closed'), (t.status = 'answered'), ${TIER_RANK}, t.response_due_at, t.id
    limit ${query.limit + 1} offset ${offset}`);
  const more = rows.length > query.limit;
  return { data: rows.slice(0, query.limit), nextCursor: more ? String(offset + query.limit) : null };
}

/** Any ticket with its thread, for staff. */
export async function staffTicketThread(db: DbOrTx, ticketId: string): Promise<TAdminTicketThread> {
  const { rows } = await db.execute<TAdminTicket & Record<string, unknown>>(sql`
    select ${ADMIN_COLUMNS} from support_tickets t ${ADMIN_JOINS} where t.id = ${ticketId}`);
  const ticket = rows[0];
  if (!ticket) throw notFound("Ticket");
  const messages = await db.execute<TTicketMessage & Record<string, unknown>>(threadOf(ticketId));
  return { ticket, messages: messages.rows };
}

/** Staff answer a ticket: it waits on the user, who is emailed the answer. */
export async function staffReply(options: {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  staffId: string;
  ticketId: string;
  body: string;
}): Promise<TAdminTicketThread> {
  const { db, ticketId } = options;
  const { ticket } = await staffTicketThread(db, ticketId);
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into support_messages (ticket_id, author_id, from_staff, body)
      values (${ticketId}, ${options.staffId}, true, ${options.body})`);
    const { rows } = await tx.execute<{ user_id: string }>(sql`update support_tickets
      set status = 'answered', last_message_at = now(), updated_at = now() where id = ${ticketId}
      returning user_id`);
    await notify(
      tx,
      {
        userId: rows[0].user_id,
        kind: "ticket_answered",
        title: `Support answered: ${ticket.subject}`,
        body: options.body.length > 200 ? `${options.body.slice(0, 199)}…` : options.body,
        href: "/settings#support",
      },
      {
        mailer: options.mailer,
        subject: `Support answered: ${ticket.subject}`,
        body: [
          `Hi ${ticket.userName},`,
          "",
          "Our support team answered your ticket:",
          "",
          options.body,
          "",
          `Reply or close the ticket in Settings: ${options.appUrl}/settings`,
        ].join("\n"),
      },
    );
  });
  return staffTicketThread(db, ticketId);
}

/**
 * Staff set a ticket's status (close a resolved one, reopen one). A ticket reopened for staff gets
 * a new due time from its tier, so it does not come back already overdue.
 */
export async function setTicketStatus(
  db: Db,
  ticketId: string,
  status: TTicketStatus,
): Promise<TAdminTicketThread> {
  const { ticket } = await staffTicketThread(db, ticketId);
  const hours = supportTarget(ticket.tier).hours;
  await db.execute(sql`update support_tickets set status = ${status}, updated_at = now(),
      response_due_at = case when ${status} = 'open' and status <> 'open'
        then now() + make_interval(hours => ${hours}) else response_due_at end
    where id = ${ticketId}`);
  return staffTicketThread(db, ticketId);
}
