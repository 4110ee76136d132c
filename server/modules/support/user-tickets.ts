import { sql } from "drizzle-orm";
import type { TNewTicketBody, TTicket, TTicketMessage, TTicketThread } from "../../../shared/api/support";
import { targetInWords } from "../../../shared/support";
import type { Db } from "../../db/pool";
import type { DbOrTx, Tx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import type { RateLimit } from "../../http/rate-limit";
import type { Mailer } from "../../mail/mailer";
import { notifyStaff } from "./notify-staff";
import { supportTargetOf } from "./support-tier";
import { TICKET_COLUMNS, TICKET_JOINS, threadOf } from "./ticket-rows";

export interface SupportContext {
  db: Db;
  mailer: Mailer;
  /** Where staff are told a user wrote; unset: every staff account. */
  supportEmail?: string;
  /** The console's address for links in staff mail. */
  appUrl: string;
}

/** The user's tickets, the latest message first. */
export async function listTickets(db: DbOrTx, userId: string): Promise<TTicket[]> {
  const { rows } = await db.execute<TTicket & Record<string, unknown>>(sql`
    select ${TICKET_COLUMNS} from support_tickets t ${TICKET_JOINS}
    where t.user_id = ${userId}
    order by t.last_message_at desc, t.id desc
    limit 200`);
  return rows;
}

/** One of the user's tickets with its thread; another user's is not found. */
export async function ticketThread(db: DbOrTx, userId: string, ticketId: string): Promise<TTicketThread> {
  const { rows } = await db.execute<TTicket & Record<string, unknown>>(sql`
    select ${TICKET_COLUMNS} from support_tickets t ${TICKET_JOINS}
    where t.id = ${ticketId} and t.user_id = ${userId}`);
  const ticket = rows[0];
  if (!ticket) throw notFound("Ticket");
  const messages = await db.execute<TTicketMessage & Record<string, unknown>>(threadOf(ticketId));
  return { ticket, messages: messages.rows };
}

/** The order and domain a ticket names must be the user's own. */
async function assertOwnLinks(db: DbOrTx, userId: string, body: TNewTicketBody): Promise<void> {
  if (body.orderId) {
    const { rows } = await db.execute(
      sql`select 1 from service_orders where id = ${body.orderId} and user_id = ${userId}`,
    );
    if (rows.length === 0) throw notFound("Order");
  }
  if (body.domainId) {
    const { rows } = await db.execute(
      sql`select 1 from domains where id = ${body.domainId} and user_id = ${userId}`,
    );
    if (rows.length === 0) throw notFound("Domain");
  }
}

async function userOf(tx: Tx, userId: string) {
  const { rows } = await tx.execute<{ email: string; name: string }>(
    sql`select email, name from users where id = ${userId}`,
  );
  if (!rows[0]) throw new AppError("UNAUTHORIZED", "Please sign in to continue");
  return rows[0];
}

/**
 * Opens a ticket: the first message, the tier the user holds now and the response due time it
 * sets, and a note to support. Creation is rate-limited per user.
 */
export async function openTicket(
  ctx: SupportContext & { limit: RateLimit; userId: string; body: TNewTicketBody },
): Promise<TTicketThread> {
  const { db, userId, body } = ctx;
  await assertOwnLinks(db, userId, body);
  await ctx.limit.spend(userId);
  const target = await supportTargetOf(db, userId);
  const id = await db.transaction(async (tx) => {
    const user = await userOf(tx, userId);
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into support_tickets (user_id, subject, tier, response_due_at, order_id, domain_id)
      values (${userId}, ${body.subject}, ${target.tier}, now() + make_interval(hours => ${target.hours}),
        ${body.orderId ?? null}, ${body.domainId ?? null})
      returning id`);
    const ticketId = rows[0].id;
    await tx.execute(sql`insert into support_messages (ticket_id, author_id, from_staff, body)
      values (${ticketId}, ${userId}, false, ${body.body})`);
    await notifyStaff(tx, {
      ...ctx,
      subject: `New support ticket (${target.label}): ${body.subject}`,
      body: [
        `${user.name} <${user.email}> opened a ticket (${target.label} support, answer within ${targetInWords(target.tier)}):`,
        "",
        body.body,
        "",
        `Answer it in the console: ${ctx.appUrl}/admin/tickets`,
      ].join("\n"),
    });
    return ticketId;
  });
  return ticketThread(db, userId, id);
}

/**
 * The user writes on their ticket. A ticket that was answered or closed waits on staff again,
 * with a new due time from the tier the user holds now; one already waiting keeps its due time.
 */
export async function addUserMessage(
  ctx: SupportContext & { userId: string; ticketId: string; body: string },
): Promise<TTicketThread> {
  const { db, userId, ticketId } = ctx;
  const current = await ticketThread(db, userId, ticketId);
  const target = await supportTargetOf(db, userId);
  await db.transaction(async (tx) => {
    const user = await userOf(tx, userId);
    await tx.execute(sql`insert into support_messages (ticket_id, author_id, from_staff, body)
      values (${ticketId}, ${userId}, false, ${ctx.body})`);
    await tx.execute(sql`
      update support_tickets set
        last_message_at = now(), updated_at = now(), status = 'open',
        tier = case when status = 'open' then tier else ${target.tier} end,
        response_due_at = case when status = 'open' then response_due_at
          else now() + make_interval(hours => ${target.hours}) end
      where id = ${ticketId} and user_id = ${userId}`);
    await notifyStaff(tx, {
      ...ctx,
      subject: `Reply on support ticket: ${current.ticket.subject}`,
      body: [
        `${user.name} <${user.email}> wrote:`,
        "",
        ctx.body,
        "",
        `Answer it in the console: ${ctx.appUrl}/admin/tickets`,
      ].join("\n"),
    });
  });
  return ticketThread(db, userId, ticketId);
}

/** The user closes their ticket (writing on it again reopens it). */
export async function closeTicket(db: Db, userId: string, ticketId: string): Promise<TTicketThread> {
  const { rows } = await db.execute(sql`
    update support_tickets set status = 'closed', updated_at = now()
    where id = ${ticketId} and user_id = ${userId} returning id`);
  if (rows.length === 0) throw notFound("Ticket");
  return ticketThread(db, userId, ticketId);
}
