import { type Request, Router } from "express";
import { z } from "zod";
import {
  type TPendingOrder,
  ZChangeOptionBody,
  ZReceiptParams,
  ZSubscriptionIdParams,
} from "../../../shared/api/billing";
import { ZOrderIdParams } from "../../../shared/api/checkout";
import type { AppDeps } from "../../deps";
import { handler, userId } from "../../http/handler";
import { entitlementsOf } from "../entitlements/entitlements.service";
import { changeOption, listSubscriptions, openBillingPortal, setCancelAtPeriodEnd } from "./billing.service";
import { cancelPendingOrder, listPendingOrders } from "./pending-orders.service";
import { listReceipts, receiptPdf } from "./receipts.service";

const ZPendingQuery = z.object({ status: z.literal("pending", "Only pending orders can be listed") });

/** Entitlements, subscriptions, receipts and unpaid orders (DESIGN §15). */
export function billingRoutes(deps: AppDeps): Router {
  const { db, payments, mailer } = deps;
  const paid = { commissionHoldDays: deps.config.COMMISSION_HOLD_DAYS };
  const origin = (req: Request) => deps.config.PUBLIC_URL ?? `${req.protocol}://${req.get("host")}`;
  const router = Router();

  router.get(
    "/entitlements",
    handler({}, ({ req }) => entitlementsOf({ db, userId: userId(req) })),
  );
  router.get(
    "/billing/subscriptions",
    handler({}, ({ req }) => listSubscriptions({ db, userId: userId(req) })),
  );
  for (const [action, cancel] of [
    ["cancel", true],
    ["resume", false],
  ] as const) {
    router.post(
      `/billing/subscriptions/:id/${action}`,
      handler({ params: ZSubscriptionIdParams }, ({ params, req }) =>
        setCancelAtPeriodEnd({ db, payments, userId: userId(req), id: params.id, cancel }),
      ),
    );
  }
  router.post(
    "/billing/subscriptions/:id/change",
    handler({ params: ZSubscriptionIdParams, body: ZChangeOptionBody }, ({ params, body, req }) =>
      changeOption({ db, mailer, payments, paid, userId: userId(req), id: params.id, request: body.request }),
    ),
  );
  router.post(
    "/billing/portal",
    handler({}, ({ req }) =>
      openBillingPortal({ db, payments, userId: userId(req), returnUrl: `${origin(req)}/settings#billing` }),
    ),
  );
  router.get(
    "/billing/receipts",
    handler({}, ({ req }) => listReceipts({ db, userId: userId(req) })),
  );
  router.get(
    "/billing/receipts/:file",
    handler({ params: ZReceiptParams }, async ({ params, req, res }) => {
      const orderId = params.file.slice(0, -".pdf".length);
      const pdf = await receiptPdf({ db, userId: userId(req), orderId });
      res
        .type("application/pdf")
        .set("Content-Disposition", `attachment; filename="parkpilot-receipt-${orderId}.pdf"`)
        .send(pdf);
    }),
  );
  router.get(
    "/service-orders",
    handler(
      { query: ZPendingQuery },
      ({ req }): Promise<TPendingOrder[]> => listPendingOrders({ db, userId: userId(req) }),
    ),
  );
  router.post(
    "/service-orders/:id/cancel",
    handler({ params: ZOrderIdParams }, ({ params, req }) =>
      cancelPendingOrder({ db, userId: userId(req), orderId: params.id }),
    ),
  );
  return router;
}
