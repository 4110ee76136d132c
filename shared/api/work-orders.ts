import { z } from "zod";
import { pathTo } from "../path-to";

/** A work order's life (docs/money.md#what-each-purchase-delivers): queued, in progress, then delivered; or cancelled with a refund. */
export const WORK_ORDER_STATUSES = ["queued", "in_progress", "delivered", "cancelled"] as const;
export type TWorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/** How each status reads, to the buyer and to staff. */
export const WORK_ORDER_STATUS_LABELS: Record<TWorkOrderStatus, string> = {
  queued: "Queued",
  in_progress: "In progress",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/** The largest deliverable file. */
export const MAX_DELIVERABLE_BYTES = 5 * 1024 * 1024;

/** The files a deliverable may be, by extension, each with the one content type it must be sent as. */
export const DELIVERABLE_FILE_TYPES = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  txt: "text/plain",
  csv: "text/csv",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

/** A deliverable as the buyer and staff see it: a text, or a file to download. */
export const ZDeliverable = z.object({
  id: z.string(),
  body: z.string().nullable(),
  fileName: z.string().nullable(),
  contentType: z.string().nullable(),
  size: z.number().nullable(),
  createdAt: z.string(),
});
export type TDeliverable = z.infer<typeof ZDeliverable>;

/** What the buyer sees of the work order behind a service record. */
export const ZServiceWorkOrder = z.object({
  status: z.enum(WORK_ORDER_STATUSES),
  dueAt: z.string(),
  deliveredAt: z.string().nullable(),
  deliverables: z.array(ZDeliverable),
});
export type TServiceWorkOrder = z.infer<typeof ZServiceWorkOrder>;

/** The buyer's download of a deliverable file, under the domain it was ordered for. */
export const deliverableFilePath = (domainId: string, deliverableId: string) =>
  pathTo(WORK_ORDER_PATHS.deliverableFile, { id: domainId, deliverableId });

export const ZDeliverableParams = z.object({
  id: z.uuid("Unknown domain"),
  deliverableId: z.uuid("Unknown deliverable"),
});

/** The area's API paths, as Express patterns (filled in with `pathTo`). */
export const WORK_ORDER_PATHS = {
  deliverableFile: "/api/domains/:id/deliverables/:deliverableId",
} as const;
