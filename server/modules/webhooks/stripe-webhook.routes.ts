import express, { Router } from "express";
import { WEBHOOK_PATHS } from "../../../shared/api/webhooks";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import type { Config } from "../../lib/config";
import type { Logger } from "../../lib/logger";
import type { Mailer } from "../../mail/mailer";
import type { PaidContext } from "../../payments/money-effects";
import type { Payments } from "../../payments/payments";
import { recordBounceReport } from "../email-automation/bounce-reports";
import { handlePayPalWebhook } from "./paypal-webhook.service";
import { handleStripeWebhook } from "./stripe-webhook.service";

const at = mountedAt("/api/webhooks");

export interface WebhookDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  payments: Payments;
  paid: PaidContext;
  config: Pick<Config, "MAIL_BOUNCE_WEBHOOK_SECRET" | "PAYPAL_WEBHOOK_ID">;
}

/**
 * Provider webhooks. Mounted before the JSON parser: Stripe signs the exact bytes it sent, so
 * the body must reach the verifier raw (PayPal's is parsed by its handler).
 */
export function webhookRoutes(deps: WebhookDeps): Router {
  const router = Router();
  router.post(
    at(WEBHOOK_PATHS.stripe),
    express.raw({ type: () => true, limit: "1mb" }),
    handler({}, ({ req }) =>
      handleStripeWebhook({
        db: deps.db,
        mailer: deps.mailer,
        logger: deps.logger,
        stripe: deps.payments.stripe,
        webhookSecret: deps.payments.stripeWebhookSecret,
        rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        signature: req.get("stripe-signature"),
        paid: deps.paid,
      }),
    ),
  );
  router.post(
    at(WEBHOOK_PATHS.paypal),
    express.raw({ type: () => true, limit: "1mb" }),
    handler({}, ({ req }) =>
      handlePayPalWebhook({
        db: deps.db,
        logger: deps.logger,
        mailer: deps.mailer,
        paid: deps.paid,
        paypal: deps.payments.paypal,
        webhookId: deps.config.PAYPAL_WEBHOOK_ID ?? null,
        rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        header: (name) => req.get(name),
      }),
    ),
  );
  router.post(
    at(WEBHOOK_PATHS.mailBounces),
    express.raw({ type: () => true, limit: "64kb" }),
    handler({}, ({ req }) =>
      recordBounceReport({
        db: deps.db,
        secret: deps.config.MAIL_BOUNCE_WEBHOOK_SECRET,
        rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        signature: req.get("x-parkpilot-signature"),
      }),
    ),
  );
  return router;
}
