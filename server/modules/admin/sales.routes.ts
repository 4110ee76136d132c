import { Router } from "express";
import { ZDisputeDecisionBody, ZDisputePartialRefundBody } from "../../../shared/api/admin/sales";
import { ZTransactionIdParams } from "../../../shared/api/marketplace/deals";
import { handler } from "../../http/handler";
import { requestMeta } from "../../http/request-meta";
import {
  type DecisionDeps,
  listDisputes,
  partlyRefundDispute,
  refundDispute,
  releaseDispute,
} from "./admin-disputes";

export type SalesAdminDeps = DecisionDeps;

/**
 * `/api/admin/sales`: disputed escrow sales with both sides' statements and the transfer
 * evidence, which staff release to the seller, refund to the buyer, or split.
 */
export function salesAdminRoutes(deps: SalesAdminDeps): Router {
  const router = Router();
  const decision = { auth: true, params: ZTransactionIdParams, body: ZDisputeDecisionBody } as const;

  router.get(
    "/disputes",
    handler({ auth: true }, () => listDisputes(deps.db)),
  );
  router.post(
    "/:id/refund",
    handler(decision, ({ userId, params, body, req }) =>
      refundDispute(deps, { staffId: userId, id: params.id, reason: body.reason, meta: requestMeta(req) }),
    ),
  );
  router.post(
    "/:id/release",
    handler(decision, ({ userId, params, body, req }) =>
      releaseDispute(deps, { staffId: userId, id: params.id, reason: body.reason, meta: requestMeta(req) }),
    ),
  );
  router.post(
    "/:id/partial-refund",
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
