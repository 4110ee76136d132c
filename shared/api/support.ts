import { z } from "zod";
import { ADMIN_API, ZAdminPageQuery } from "./admin/console";

/** Support tickets (docs/money.md#what-each-purchase-delivers): a user's own, under `/api/support`, and the staff queue under `/api/admin`. */
export const SUPPORT_PATHS = {
  list: "/api/support/tickets",
  one: "/api/support/tickets/:id",
  messages: "/api/support/tickets/:id/messages",
  close: "/api/support/tickets/:id/close",
  target: "/api/support/target",
} as const;

export const ADMIN_TICKETS_PATHS = {
  list: `${ADMIN_API}/tickets`,
  one: "/api/admin/tickets/:id",
  reply: "/api/admin/tickets/:id/reply",
  status: "/api/admin/tickets/:id/status",
} as const;

/** `open`: waiting on staff; `answered`: waiting on the user; `closed`. */
export const TICKET_STATUSES = ["open", "answered", "closed"] as const;
export type TTicketStatus = (typeof TICKET_STATUSES)[number];

export const MAX_MESSAGE_LENGTH = 5000;
export const MAX_SUBJECT_LENGTH = 200;

export const ZTicketMessageBody = z.object({
  body: z
    .string()
    .trim()
    .min(1, "Please write a message")
    .max(MAX_MESSAGE_LENGTH, `Keep the message under ${MAX_MESSAGE_LENGTH} characters`),
});

export const ZNewTicketBody = ZTicketMessageBody.extend({
  subject: z
    .string()
    .trim()
    .min(3, "Please give the ticket a subject")
    .max(MAX_SUBJECT_LENGTH, `Keep the subject under ${MAX_SUBJECT_LENGTH} characters`),
  orderId: z.uuid("Unknown order").optional(),
  domainId: z.uuid("Unknown domain").optional(),
});
export type TNewTicketBody = z.infer<typeof ZNewTicketBody>;

export const ZTicketParams = z.object({ id: z.uuid("Unknown ticket") });

/** The response target a tier sets, as `GET /api/support/target` answers it for the signed-in user. */
export const ZSupportTarget = z.object({ tier: z.string(), label: z.string(), hours: z.number() });
export type TSupportTargetAnswer = z.infer<typeof ZSupportTarget>;

export const ZTicket = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  tier: z.string(),
  responseDueAt: z.string(),
  /** True while the ticket waits on staff past its due time. */
  overdue: z.boolean(),
  orderId: z.string().nullable(),
  orderDescription: z.string().nullable(),
  domainId: z.string().nullable(),
  domainName: z.string().nullable(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
});
export type TTicket = z.infer<typeof ZTicket>;

export const ZTicketMessage = z.object({
  id: z.string(),
  fromStaff: z.boolean(),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type TTicketMessage = z.infer<typeof ZTicketMessage>;

export const ZTicketThread = z.object({ ticket: ZTicket, messages: z.array(ZTicketMessage) });
export type TTicketThread = z.infer<typeof ZTicketThread>;

/** A ticket in the staff queue: whose it is. */
export const ZAdminTicket = ZTicket.extend({ userEmail: z.string(), userName: z.string() });
export type TAdminTicket = z.infer<typeof ZAdminTicket>;

export const ZAdminTicketThread = z.object({ ticket: ZAdminTicket, messages: z.array(ZTicketMessage) });
export type TAdminTicketThread = z.infer<typeof ZAdminTicketThread>;

/**
 * The staff queue: most urgent tier first, then the earliest due; `status` filters (default: open
 * and answered), `q` matches part of the subject or the user's email. `cursor` is the next page's
 * offset (the queue orders by tier, not by time).
 */
export const ZAdminTicketsQuery = ZAdminPageQuery.omit({ cursor: true }).extend({
  status: z.enum([...TICKET_STATUSES, "active", "all"]).default("active"),
  cursor: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type TAdminTicketsQuery = z.infer<typeof ZAdminTicketsQuery>;

export const ZTicketStatusBody = z.object({ status: z.enum(TICKET_STATUSES) });
