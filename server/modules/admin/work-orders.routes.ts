import { Router } from "express";
import {
  ADMIN_WORK_ORDERS_PATHS,
  ZAdminWorkOrdersQuery,
  ZDeliverableFileQuery,
  ZWorkOrderAssignBody,
  ZWorkOrderNoteBody,
  ZWorkOrderParams,
  ZWorkOrderStatusBody,
  ZWorkOrderTextDeliverableBody,
} from "../../../shared/api/admin/work-orders";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { requestMeta } from "../../http/request-meta";
import type { Config } from "../../lib/config";
import { checkDeliverableFile, readDeliverableBody } from "../work-orders/deliverable-file";
import { listWorkOrders, workOrderDetail } from "../work-orders/work-orders-console";
import { recordStaffAction } from "./staff-gate";
import type { StaffRefundDeps } from "./staff-refund";
import {
  addDeliverable,
  addWorkOrderNote,
  advanceWorkOrder,
  assignWorkOrder,
  cancelWorkOrder,
} from "./work-order-actions";

const at = mountedAt("/api/admin/work-orders");

export type WorkOrdersAdminDeps = StaffRefundDeps & {
  config: Pick<Config, "appUrl">;
};

/** `/api/admin/work-orders`: the fulfilment queue of services people deliver (docs/money.md#what-each-purchase-delivers, docs/security.md#staff-and-the-operator-console). */
export function workOrdersAdminRoutes(deps: WorkOrdersAdminDeps): Router {
  const { db } = deps;
  const ctx = { db, mailer: deps.mailer, appUrl: deps.config.appUrl };
  const router = Router();
  const audit = (
    req: Parameters<typeof requestMeta>[0],
    staffId: string,
    action: string,
    id: string,
    detail?: Record<string, unknown>,
  ) =>
    recordStaffAction(db, requestMeta(req), { staffId, action, object: { kind: "work_order", id }, detail });

  router.get(
    at(ADMIN_WORK_ORDERS_PATHS.list),
    handler({ auth: true, query: ZAdminWorkOrdersQuery }, ({ query }) => listWorkOrders(db, query)),
  );
  router.get(
    at(ADMIN_WORK_ORDERS_PATHS.one),
    handler({ auth: true, params: ZWorkOrderParams }, ({ params }) => workOrderDetail(db, params.id)),
  );
  /** Start, deliver, or cancel (which refunds the order); the buyer is mailed each time. */
  router.post(
    at(ADMIN_WORK_ORDERS_PATHS.status),
    handler(
      { auth: true, params: ZWorkOrderParams, body: ZWorkOrderStatusBody },
      async ({ userId, params, body, req }) => {
        const change = { staffId: userId, workOrderId: params.id };
        if (body.status === "cancelled")
          await cancelWorkOrder(
            { ...deps, appUrl: deps.config.appUrl },
            { ...change, reason: body.reason || "Cancelled by our team" },
          );
        else await advanceWorkOrder(ctx, { ...change, status: body.status });
        await audit(
          req,
          userId,
          `work_order.${body.status}`,
          params.id,
          body.reason ? { reason: body.reason } : {},
        );
        return workOrderDetail(db, params.id);
      },
    ),
  );
  router.post(
    at(ADMIN_WORK_ORDERS_PATHS.assign),
    handler(
      { auth: true, params: ZWorkOrderParams, body: ZWorkOrderAssignBody },
      async ({ userId, params, body, req }) => {
        await assignWorkOrder(db, { workOrderId: params.id, assigneeId: body.assigneeId });
        await audit(req, userId, "work_order.assigned", params.id, { assigneeId: body.assigneeId });
        return workOrderDetail(db, params.id);
      },
    ),
  );
  router.post(
    at(ADMIN_WORK_ORDERS_PATHS.notes),
    handler(
      { auth: true, params: ZWorkOrderParams, body: ZWorkOrderNoteBody, status: 201 },
      async ({ userId, params, body, req }) => {
        const note = await addWorkOrderNote(db, { staffId: userId, workOrderId: params.id, body: body.body });
        await audit(req, userId, "work_order.noted", params.id, { noteId: note.id });
        return workOrderDetail(db, params.id);
      },
    ),
  );
  router.post(
    at(ADMIN_WORK_ORDERS_PATHS.deliverables),
    handler(
      { auth: true, params: ZWorkOrderParams, body: ZWorkOrderTextDeliverableBody, status: 201 },
      async ({ userId, params, body, req }) => {
        const added = await addDeliverable(db, { staffId: userId, workOrderId: params.id, body: body.body });
        await audit(req, userId, "work_order.deliverable_added", params.id, { deliverableId: added.id });
        return workOrderDetail(db, params.id);
      },
    ),
  );
  /** A file deliverable: the body is the file, sent as its type; `?name=` its file name. */
  router.post(
    at(ADMIN_WORK_ORDERS_PATHS.deliverableFile),
    readDeliverableBody,
    handler(
      { auth: true, params: ZWorkOrderParams, query: ZDeliverableFileQuery, status: 201 },
      async ({ userId, params, query, req }) => {
        const file = checkDeliverableFile({
          name: query.name,
          declaredType: req.get("content-type"),
          bytes: req.body,
        });
        const added = await addDeliverable(db, {
          staffId: userId,
          workOrderId: params.id,
          file: { name: query.name, ...file },
        });
        await audit(req, userId, "work_order.deliverable_added", params.id, {
          deliverableId: added.id,
          fileName: query.name,
          size: file.bytes.length,
        });
        return workOrderDetail(db, params.id);
      },
    ),
  );

  return router;
}
