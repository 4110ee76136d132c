import { Router } from "express";
import {
  ADMIN_PAYOUTS_PATHS,
  ZAdminPayoutParams,
  ZAdminPayoutsQuery,
  ZRejectPayoutBody,
} from "../../../shared/api/admin/payouts";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { requestMeta } from "../../http/request-meta";
import type { Logger } from "../../lib/logger";
import type { Mailer } from "../../mail/mailer";
import type { Payments } from "../../payments/payments";
import { searchPayouts } from "./admin-payouts";
import { approvePayout, rejectPayout } from "./payout-review";

const at = mountedAt("/api/admin/payouts");

export interface PayoutsAdminDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  payments: Payments;
}

/** `/api/admin/payouts`: payouts held for review, approved (then sent) or rejected (docs/security.md#staff-and-the-operator-console). */
export function payoutsAdminRoutes(deps: PayoutsAdminDeps): Router {
  const { db, mailer, logger, payments } = deps;
  const router = Router();

  router.get(
    at(ADMIN_PAYOUTS_PATHS.list),
    handler({ auth: true, query: ZAdminPayoutsQuery }, ({ query }) => searchPayouts(db, query)),
  );
  router.post(
    at(ADMIN_PAYOUTS_PATHS.approve),
    handler({ auth: true, params: ZAdminPayoutParams }, ({ userId, params, req }) =>
      approvePayout({
        db,
        mailer,
        sender: payments.payouts,
        rails: payments.payoutRails,
        logger,
        meta: requestMeta(req),
        payoutId: params.id,
        staffId: userId,
      }),
    ),
  );
  router.post(
    at(ADMIN_PAYOUTS_PATHS.reject),
    handler(
      { auth: true, params: ZAdminPayoutParams, body: ZRejectPayoutBody },
      async ({ userId, params, body, req }) => {
        await rejectPayout({
          db,
          mailer,
          meta: requestMeta(req),
          payoutId: params.id,
          staffId: userId,
          reason: body.reason,
        });
        return { id: params.id, status: "rejected" };
      },
    ),
  );

  return router;
}
