import { Router } from "express";
import { z } from "zod";
import { ZPaymentSettingsBody, ZPayoutBody, ZTestOrderBody } from "../../../shared/api/payments";
import type { AppDeps } from "../../deps";
import { handler, userId } from "../../http/handler";
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
} from "./payments.service";
import { requestPayout } from "./payouts.service";
import { captureTestOrder, createTestOrder, paypalSetup } from "./test-payments.service";

const ZTestOrderParams = z.object({ id: z.string().min(1).max(64) });

/** Balance, transactions, payment methods and settings, payouts, and the wallet test flow. */
export function paymentRoutes(deps: AppDeps): Router {
  const { db, payments, logger } = deps;
  const router = Router();

  router.get(
    "/payments/balance",
    handler({}, ({ req }) => getBalance({ db, userId: userId(req) })),
  );
  router.get(
    "/transactions",
    handler({}, ({ req }) => listTransactions({ db, userId: userId(req) })),
  );
  router.get(
    "/payments/methods",
    handler({}, ({ req }) => {
      userId(req);
      return listPaymentMethods(payments);
    }),
  );
  router.get(
    "/payments/settings",
    handler({}, ({ req }) => getPaymentSettings({ db, userId: userId(req) })),
  );
  router.put(
    "/payments/settings",
    requireRecentAuth,
    handler({ body: ZPaymentSettingsBody }, async ({ body, req }) => {
      const saved = await updatePaymentSettings({ db, userId: userId(req), settings: body });
      await recordAudit(db, {
        userId: userId(req),
        event: "payout_settings_changed",
        meta: requestMeta(req),
        detail: { ...body },
      });
      return saved;
    }),
  );
  router.post(
    "/payments/payout",
    handler(
      { body: ZPayoutBody },
      async ({ body, req }) => {
        await assertPayoutConfirmed({ db, req, userId: userId(req), amount: body.amount });
        const payout = await requestPayout({
          db,
          sender: payments.payouts,
          logger,
          userId: userId(req),
          amount: body.amount,
          paypalEmail: body.paypalEmail,
        });
        await recordAudit(db, {
          userId: userId(req),
          event: "payout_requested",
          meta: requestMeta(req),
          detail: { payoutId: payout.id, amount: payout.amount, status: payout.status },
        });
        return payout;
      },
      { status: 201 },
    ),
  );

  router.get(
    "/paypal/setup",
    handler({}, ({ req }) => {
      userId(req);
      return paypalSetup(payments.paypal);
    }),
  );
  router.post(
    "/paypal/order",
    handler(
      { body: ZTestOrderBody },
      ({ body, req }) =>
        createTestOrder({
          db,
          paypal: payments.paypal,
          userId: userId(req),
          amount: body.amount,
          currency: body.currency,
        }),
      { status: 201 },
    ),
  );
  router.post(
    "/paypal/order/:id/capture",
    handler({ params: ZTestOrderParams }, ({ params, req }) =>
      captureTestOrder({ db, paypal: payments.paypal, userId: userId(req), orderId: params.id }),
    ),
  );
  return router;
}
