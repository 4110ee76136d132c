import { Router } from "express";
import {
  ADMIN_SALES_PATHS,
  ZDisputeDecisionBody,
  ZDisputePartialRefundBody,
} from "../../../shared/api/admin/sales";
import { ZTransactionIdParams } from "../../../shared/api/marketplace/deals";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { requestMeta } from "../../http/request-meta";
import {
  type DecisionDeps,
  listDisputes,
  partlyRefundDispute,
  refundDispute,
  releaseDispute,
} from "./admin-disputes";

export type SalesAdminDeps = DecisionDeps;

const at = mountedAt("/api/admin/sales");

/**
 * `/api/admin/sales`: disputed escrow sales with both sides' statements and the transfer
 * evidence, which staff release to the seller, refund to the buyer, or split.
 */
export function salesAdminRoutes(deps: SalesAdminDeps): Router {
  const router = Router();
  const decision = { auth: true, params: ZTransactionIdParams, body: ZDisputeDecisionBody } as const;

  router.get(
    at(ADMIN_SALES_PATHS.disputes),
    handler({ auth: true }, () => listDisputes(deps.db)),
  );
  router.post(
    at(ADMIN_SALES_PATHS.refund),
    handler(decision, ({ userId, params, body, req }) =>
      refundDispute(deps, { staffId: userId, id: params.id, reason: body.reason, meta: requestMeta(req) }),
    ),
  );
  router.post(
    at(ADMIN_SALES_PATHS.release),
    handler(decision, ({ userId, params, body, req }) =>
      releaseDispute(deps, { staffId: userId, id: params.id, reason: body.reason, meta: requestMeta(req) }),
    ),
  );
  router.post(
    at(ADMIN_SALES_PATHS.partialRefund),
    handler(
      { auth: true, params: ZTransactionIdParams, body: ZDisputePartialRefundBody },
      ({ userId, params, body, req }) =>
        partlyRefundDispute(deps, {
          staffId: userId,
          id: params.id,
          amount: body.amount,
          reason: body.reason,
          meta: requestMeta(req),
        }),
    ),
  );
  return router;
}
