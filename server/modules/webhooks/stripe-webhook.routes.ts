import express, { Router } from "express";
import type { AppDeps } from "../../deps";
import { handler } from "../../http/handler";
import { handleStripeWebhook } from "./stripe-webhook.service";

/**
 * Provider webhooks. Mounted before the JSON parser: Stripe signs the exact bytes it sent, so
 * the body must reach the verifier raw.
 */
export function webhookRoutes(deps: AppDeps): Router {
  const router = Router();
  router.post(
    "/stripe",
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
      }),
    ),
  );
  return router;
}
