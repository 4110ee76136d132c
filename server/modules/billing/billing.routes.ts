import { Router } from "express";
import {
  type TPendingOrder,
  ZChangeOptionBody,
  ZPendingOrdersQuery,
  ZReceiptParams,
  ZSubscriptionIdParams,
} from "../../../shared/api/billing";
import { ZOrderIdParams } from "../../../shared/api/checkout";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import type { Config } from "../../lib/config";
import type { Mailer } from "../../mail/mailer";
import type { PaidContext } from "../../payments/money-effects";
import type { Payments } from "../../payments/payments";
import { entitlementsOf } from "../entitlements/entitlements.service";
import { changeOption, listSubscriptions, openBillingPortal, setCancelAtPeriodEnd } from "./billing.service";
import { cancelPendingOrder, listPendingOrders } from "./pending-orders.service";
import { listReceipts, receiptPdf } from "./receipts.service";

export interface BillingDeps {
  db: Db;
  payments: Payments;
  mailer: Mailer;
  paid: PaidContext;
  config: Pick<Config, "appUrl" | "receiptIssuer">;
}

/** Entitlements, subscriptions, receipts and unpaid orders (docs/money.md#subscriptions-and-entitlements). */
export function billingRoutes(deps: BillingDeps): Router {
  const { db, payments, mailer, paid } = deps;
  const router = Router();

  router.get(
    "/entitlements",
    handler({ auth: true }, ({ userId }) => entitlementsOf({ db, userId })),
  );
  router.get(
    "/billing/subscriptions",
    handler({ auth: true }, ({ userId }) => listSubscriptions({ db, userId })),
  );
  for (const [action, cancel] of [
    ["cancel", true],
    ["resume", false],
  ] as const) {
    router.post(
      `/billing/subscriptions/:id/${action}`,
      handler({ auth: true, params: ZSubscriptionIdParams }, ({ userId, params }) =>
        setCancelAtPeriodEnd({ db, payments, userId, id: params.id, cancel }),
      ),
    );
  }
  router.post(
    "/billing/subscriptions/:id/change",
    handler(
      { auth: true, params: ZSubscriptionIdParams, body: ZChangeOptionBody },
      ({ userId, params, body }) =>
        changeOption({ db, mailer, payments, paid, userId, id: params.id, request: body.request }),
    ),
  );
  router.post(
    "/billing/portal",
    handler({ auth: true }, ({ userId }) =>
      // PUBLIC_URL, never a request's Host (docs/security.md#trust-at-the-edge).
      openBillingPortal({ db, payments, userId, returnUrl: `${deps.config.appUrl}/settings#billing` }),
    ),
  );
  router.get(
    "/billing/receipts",
    handler({ auth: true }, ({ userId }) => listReceipts({ db, userId })),
  );
  router.get(
    "/billing/receipts/:file",
    handler({ auth: true, params: ZReceiptParams }, async ({ userId, params, res }) => {
      const orderId = params.file.slice(0, -".pdf".length);
      const pdf = await receiptPdf({ db, userId, orderId, issuer: deps.config.receiptIssuer });
      res
        .type("application/pdf")
        .set("Content-Disposition", `attachment; filename="parkpilot-receipt-${orderId}.pdf"`)
        .send(pdf);
    }),
  );
  router.get(
    "/service-orders",
    handler(
      { auth: true, query: ZPendingOrdersQuery },
      ({ userId }): Promise<TPendingOrder[]> => listPendingOrders({ db, userId }),
    ),
  );
  router.post(
    "/service-orders/:id/cancel",
    handler({ auth: true, params: ZOrderIdParams }, ({ userId, params }) =>
      cancelPendingOrder({ db, userId, orderId: params.id }),
    ),
  );
  return router;
}
