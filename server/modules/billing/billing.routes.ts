import { Router } from "express";
import {
  BILLING_PATHS,
  BILLING_PORTAL_PATH,
  RECEIPTS_PATH,
  SUBSCRIPTIONS_PATH,
  type TPendingOrder,
  ZChangeOptionBody,
  ZPendingOrdersQuery,
  ZReceiptParams,
  ZSubscriptionIdParams,
} from "../../../shared/api/billing";
import { ZOrderIdParams } from "../../../shared/api/checkout";
import { ENTITLEMENTS_PATH } from "../../../shared/api/entitlements";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import type { Config } from "../../lib/config";
import type { Mailer } from "../../mail/mailer";
import type { PaidContext } from "../../payments/money-effects";
import type { Payments } from "../../payments/payments";
import { entitlementsOf } from "../entitlements/entitlements.service";
import { changeOption, listSubscriptions, openBillingPortal, setCancelAtPeriodEnd } from "./billing.service";
import { cancelPendingOrder, listPendingOrders } from "./pending-orders.service";
import { listReceipts, receiptPdf } from "./receipts.service";

const at = mountedAt("/api");

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
    at(ENTITLEMENTS_PATH),
    handler({ auth: true }, ({ userId }) => entitlementsOf({ db, userId })),
  );
  router.get(
    at(SUBSCRIPTIONS_PATH),
    handler({ auth: true }, ({ userId }) => listSubscriptions({ db, userId })),
  );
  for (const [path, cancel] of [
    [BILLING_PATHS.subscriptionCancel, true],
    [BILLING_PATHS.subscriptionResume, false],
  ] as const) {
    router.post(
      at(path),
      handler({ auth: true, params: ZSubscriptionIdParams }, ({ userId, params }) =>
        setCancelAtPeriodEnd({ db, payments, userId, id: params.id, cancel }),
      ),
    );
  }
  router.post(
    at(BILLING_PATHS.subscriptionChange),
    handler(
      { auth: true, params: ZSubscriptionIdParams, body: ZChangeOptionBody },
      ({ userId, params, body }) =>
        changeOption({ db, mailer, payments, paid, userId, id: params.id, request: body.request }),
    ),
  );
  router.post(
    at(BILLING_PORTAL_PATH),
    handler({ auth: true }, ({ userId }) =>
      // PUBLIC_URL, never a request's Host (docs/security.md#trust-at-the-edge).
      openBillingPortal({ db, payments, userId, returnUrl: `${deps.config.appUrl}/settings#billing` }),
    ),
  );
  router.get(
    at(RECEIPTS_PATH),
    handler({ auth: true }, ({ userId }) => listReceipts({ db, userId })),
  );
  router.get(
    at(BILLING_PATHS.receipt),
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
    at(BILLING_PATHS.serviceOrders),
    handler(
      { auth: true, query: ZPendingOrdersQuery },
      ({ userId }): Promise<TPendingOrder[]> => listPendingOrders({ db, userId }),
    ),
  );
  router.post(
    at(BILLING_PATHS.serviceOrderCancel),
    handler({ auth: true, params: ZOrderIdParams }, ({ userId, params }) =>
      cancelPendingOrder({ db, userId, orderId: params.id }),
    ),
  );
  return router;
}
