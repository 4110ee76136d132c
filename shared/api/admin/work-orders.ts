import { z } from "zod";
import { ZMoney } from "../../money";
import { type TWorkOrderStatus, WORK_ORDER_STATUSES, ZDeliverable } from "../work-orders";
import { ADMIN_API, ZAdminPageQuery } from "./console";

/** The console's work orders (docs/money.md#what-each-purchase-delivers, docs/security.md#staff-and-the-operator-console): the fulfilment queue of services people deliver. */
export const ADMIN_WORK_ORDERS_PATHS = {
  list: `${ADMIN_API}/work-orders`,
  one: "/api/admin/work-orders/:id",
  status: "/api/admin/work-orders/:id/status",
  assign: "/api/admin/work-orders/:id/assign",
  notes: "/api/admin/work-orders/:id/notes",
  deliverables: "/api/admin/work-orders/:id/deliverables",
  /** The file is the request body, sent with its own content type; its name is `?name=`. */
  deliverableFile: "/api/admin/work-orders/:id/deliverables/file",
} as const;

/** The moves staff make: start the work, deliver it, or cancel it (which refunds the order). */
export const WORK_ORDER_MOVES: Record<TWorkOrderStatus, readonly TWorkOrderStatus[]> = {
  queued: ["in_progress", "cancelled"],
  in_progress: ["delivered", "cancelled"],
  delivered: [],
  cancelled: [],
};

/** The longest text deliverable or note. */
export const MAX_WORK_ORDER_TEXT = 20_000;

/**
 * The queue: `open` (queued and in progress, the default) or one status, by due date, earliest
 * first, so overdue orders lead the open queue. `q` matches part of the title or the buyer's email.
 */
export const ZAdminWorkOrdersQuery = ZAdminPageQuery.extend({
  status: z.enum(["open", "all", ...WORK_ORDER_STATUSES]).default("open"),
});
export type TAdminWorkOrdersQuery = z.input<typeof ZAdminWorkOrdersQuery>;

export const ZWorkOrderParams = z.object({ id: z.uuid("Unknown work order") });

const text = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Write the ${what}`)
    .max(MAX_WORK_ORDER_TEXT, `The ${what} is too long (at most ${MAX_WORK_ORDER_TEXT} characters)`);

export const ZWorkOrderStatusBody = z.object({
  status: z.enum(["in_progress", "delivered", "cancelled"]),
  /** Why an order is cancelled: the buyer is told, and the refund carries it. */
  reason: z.string().trim().max(500).optional(),
});
/** `assigneeId` null takes the order off everyone's list. */
export const ZWorkOrderAssignBody = z.object({ assigneeId: z.uuid("Unknown staff member").nullable() });
export const ZWorkOrderNoteBody = z.object({ body: text("note") });
export const ZWorkOrderTextDeliverableBody = z.object({ body: text("deliverable") });
export const ZDeliverableFileQuery = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name the file")
    .max(200, "The file name is too long")
    .refine(
      (n) => ![...n].some((c) => c === "/" || c === "\\" || c.charCodeAt(0) < 32),
      "The file name cannot hold slashes or control characters",
    ),
});

/** One row of the queue. */
export const ZAdminWorkOrder = z.object({
  id: z.string(),
  orderId: z.string(),
  title: z.string(),
  offerId: z.string(),
  status: z.enum(WORK_ORDER_STATUSES),
  buyerEmail: z.string(),
  domainName: z.string().nullable(),
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
  dueAt: z.string(),
  /** Due before now and neither delivered nor cancelled. */
  overdue: z.boolean(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminWorkOrder = z.infer<typeof ZAdminWorkOrder>;

/** One work order with what staff need to deliver it. */
export const ZAdminWorkOrderDetail = z.object({
  workOrder: ZAdminWorkOrder.extend({ description: z.string() }),
  order: z.object({
    id: z.string(),
    description: z.string(),
    price: ZMoney,
    status: z.string(),
    provider: z.string().nullable(),
    paidAt: z.string().nullable(),
  }),
  buyer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  domain: z.object({ id: z.string(), name: z.string() }).nullable(),
  notes: z.array(z.object({ id: z.string(), author: z.string(), body: z.string(), createdAt: z.string() })),
  deliverables: z.array(ZDeliverable),
  /** Who the order can be assigned to. */
  staff: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
});
export type TAdminWorkOrderDetail = z.infer<typeof ZAdminWorkOrderDetail>;
