import { Router } from "express";
import {
  ADMIN_ORDERS_PATHS,
  ZAdminOrderParams,
  ZAdminOrdersQuery,
  ZRefundOrderBody,
} from "../../../shared/api/admin/orders";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { requestMeta } from "../../http/request-meta";
import { searchOrders } from "./admin-orders";
import { recordStaffAction } from "./staff-gate";
import { refundOrderAsStaff, type StaffRefundDeps } from "./staff-refund";

const at = mountedAt("/api/admin/orders");

export type OrdersAdminDeps = StaffRefundDeps;

/** `/api/admin/orders`: search paid orders and refund one in full or in part (docs/security.md#staff-and-the-operator-console). */
export function ordersAdminRoutes(deps: OrdersAdminDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    at(ADMIN_ORDERS_PATHS.list),
    handler({ auth: true, query: ZAdminOrdersQuery }, ({ query }) => searchOrders(db, query)),
  );
  router.post(
    at(ADMIN_ORDERS_PATHS.refunds),
    handler(
      { auth: true, params: ZAdminOrderParams, body: ZRefundOrderBody, status: 201 },
      async ({ userId, params, body, req }) => {
        const answer = await refundOrderAsStaff(deps, {
          staffId: userId,
          orderId: params.id,
          amount: body.amount,
          reason: body.reason,
        });
        await recordStaffAction(db, requestMeta(req), {
          staffId: userId,
          action: "order.refunded",
          object: { kind: "order", id: params.id },
          detail: { refundId: answer.refund.id, amount: answer.refund.amount, reason: body.reason },
        });
        return answer;
      },
    ),
  );

  return router;
}
