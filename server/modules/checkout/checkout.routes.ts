import { Router } from "express";
import {
  CHECKOUT_MODE_PATH,
  CHECKOUT_PATHS,
  checkoutPagePath,
  type TCheckoutMode,
  ZCheckoutBody,
  ZOrderIdParams,
  ZPayPalReturnQuery,
  ZSandboxProviderQuery,
} from "../../../shared/api/checkout";
import type { Db } from "../../db/pool";
import { notFound } from "../../http/app-error";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import type { Config } from "../../lib/config";
import type { Logger } from "../../lib/logger";
import type { Mailer } from "../../mail/mailer";
import type { PaidContext } from "../../payments/money-effects";
import type { Payments } from "../../payments/payments";
import { getServiceOrder, startCheckout } from "./checkout.service";
import { capturePayPalReturn, paySandboxOrder } from "./complete-payment.service";
import { ownServiceOrder } from "./own-order";
import { renderSandboxPage } from "./sandbox-page";

const at = mountedAt("/api");

const successPath = (orderId: string) => `/checkout/success?order=${orderId}`;
const cancelledPath = (orderId: string) => `${checkoutPagePath(orderId)}?cancelled=true`;

export interface CheckoutDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  payments: Payments;
  paid: PaidContext;
  config: Pick<Config, "appUrl">;
}

/** Service orders, starting a checkout, and the pages a buyer returns to from a provider. */
export function checkoutRoutes(deps: CheckoutDeps): Router {
  const { db, mailer, logger, payments, paid } = deps;
  const router = Router();

  router.get(
    at(CHECKOUT_MODE_PATH),
    handler({}, (): TCheckoutMode => ({ sandbox: payments.testMode })),
  );

  router.get(
    at(CHECKOUT_PATHS.serviceOrder),
    handler({ auth: true, params: ZOrderIdParams }, ({ userId, params }) =>
      getServiceOrder({ db, userId, orderId: params.id }),
    ),
  );

  router.post(
    at(CHECKOUT_PATHS.pay),
    handler({ auth: true, params: ZOrderIdParams, body: ZCheckoutBody }, ({ userId, params, body }) =>
      startCheckout({
        db,
        payments,
        logger,
        userId,
        orderId: params.id,
        provider: body.provider,
        // Provider return pages are built from PUBLIC_URL, never from a request's Host (docs/security.md#trust-at-the-edge).
        origin: deps.config.appUrl,
      }),
    ),
  );

  router.get(
    at(CHECKOUT_PATHS.sandbox),
    handler(
      { auth: true, params: ZOrderIdParams, query: ZSandboxProviderQuery },
      async ({ userId, params, query, res }) => {
        if (!payments.isSandbox(query.provider)) throw notFound("Test checkout");
        const order = await ownServiceOrder({ db, userId, orderId: params.id });
        // With the default no-referrer policy a browser sends `Origin: null` on the page's form
        // posts, which the origin check must refuse; same-origin lets it name this origin.
        res.set("Referrer-Policy", "same-origin");
        res.type("html").send(renderSandboxPage(order, query.provider));
      },
    ),
  );

  router.post(
    at(CHECKOUT_PATHS.sandboxPay),
    handler(
      { auth: true, params: ZOrderIdParams, query: ZSandboxProviderQuery },
      async ({ userId, params, query, res }) => {
        await paySandboxOrder({
          db,
          mailer,
          logger,
          userId,
          orderId: params.id,
          sandboxActive: payments.isSandbox(query.provider),
          paid,
        });
        res.redirect(303, successPath(params.id));
      },
    ),
  );

  router.post(
    at(CHECKOUT_PATHS.sandboxCancel),
    handler({ auth: true, params: ZOrderIdParams }, async ({ userId, params, res }) => {
      await ownServiceOrder({ db, userId, orderId: params.id });
      res.redirect(303, cancelledPath(params.id));
    }),
  );

  router.get(
    at(CHECKOUT_PATHS.paypalReturn),
    handler({ auth: true, query: ZPayPalReturnQuery }, async ({ userId, query, res }) => {
      if (!payments.paypal) return res.redirect(303, cancelledPath(query.order));
      const outcome = await capturePayPalReturn({
        db,
        mailer,
        logger,
        paypal: payments.paypal,
        userId,
        orderId: query.order,
        paypalOrderId: query.token,
        paid,
      }).catch((err: unknown) => {
        // The buyer is in a browser tab, not a fetch: send them back to retry rather than show JSON.
        logger.warn({ err, orderId: query.order }, "PayPal capture failed");
        return "failed" as const;
      });
      res.redirect(303, outcome === "failed" ? cancelledPath(query.order) : successPath(query.order));
    }),
  );

  return router;
}
