import { Router } from "express";
import {
  ZPaymentSettingsBody,
  ZPayoutBody,
  ZTestOrderBody,
  ZTestOrderParams,
} from "../../../shared/api/payments";
import type { AppDeps } from "../../deps";
import { handler } from "../../http/handler";
import { requestMeta } from "../../http/request-meta";
import { requireRecentAuth } from "../../http/require-recent-auth";
import { recordAudit } from "../audit/audit-log";
import { assertPayoutConfirmed } from "../auth/payout-confirmation";
import {
  getBalance,
  getPaymentSettings,
  listPaymentMethods,
  listTransactions,
  updatePaymentSettings,
} from "./balance.service";
import { requestPayout } from "./payouts.service";
import { captureTestOrder, createTestOrder, paypalSetup } from "./test-payments.service";

/** Balance, transactions, payment methods and settings, payouts, and the wallet test flow. */
export function payoutRoutes(deps: AppDeps): Router {
  const { db, payments, logger, mailer, config } = deps;
  const router = Router();

  router.get(
    "/payments/balance",
    handler({ auth: true }, ({ userId }) => getBalance({ db, userId })),
  );
  router.get(
    "/transactions",
    handler({ auth: true }, ({ userId }) => listTransactions({ db, userId })),
  );
  router.get(
    "/payments/methods",
    handler({ auth: true }, () => listPaymentMethods(payments)),
  );
  router.get(
    "/payments/settings",
    handler({ auth: true }, ({ userId }) => getPaymentSettings({ db, userId })),
  );
  router.put(
    "/payments/settings",
    requireRecentAuth,
    handler({ auth: true, body: ZPaymentSettingsBody }, async ({ userId, body, req }) => {
      const saved = await updatePaymentSettings({ db, userId, settings: body });
      await recordAudit(db, {
        userId,
        event: "payout_settings_changed",
        meta: requestMeta(req),
        detail: { ...body },
      });
      return saved;
    }),
  );
  router.post(
    "/payments/payout",
    handler({ auth: true, body: ZPayoutBody, status: 201 }, async ({ userId, body, req }) => {
      await assertPayoutConfirmed({ db, req, userId, amount: body.amount });
      const payout = await requestPayout({
        db,
        mailer,
        sender: payments.payouts,
        logger,
        reviewAbove: config.payoutReviewAbove,
        userId,
        amount: body.amount,
        paypalEmail: body.paypalEmail,
      });
      await recordAudit(db, {
        userId,
        event: "payout_requested",
        meta: requestMeta(req),
        detail: { payoutId: payout.id, amount: payout.amount, status: payout.status },
      });
      return payout;
    }),
  );

  router.get(
    "/paypal/setup",
    handler({ auth: true }, () => paypalSetup(payments.paypal)),
  );
  router.post(
    "/paypal/order",
    handler({ auth: true, body: ZTestOrderBody, status: 201 }, ({ userId, body }) =>
      createTestOrder({ db, paypal: payments.paypal, userId, amount: body.amount, currency: body.currency }),
    ),
  );
  router.post(
    "/paypal/order/:id/capture",
    handler({ auth: true, params: ZTestOrderParams }, ({ userId, params }) =>
      captureTestOrder({ db, paypal: payments.paypal, userId, orderId: params.id }),
    ),
  );
  return router;
}
