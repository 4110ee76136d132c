import { randomUUID } from "node:crypto";
import type { Express } from "express";
import Stripe from "stripe";
import request from "supertest";
import { WEBHOOK_PATHS } from "../../shared/api/webhooks";
import { FAKE_WEBHOOK_SIGNATURE } from "../setup/fake-paypal";

// Signing a test event needs no account: the SDK computes the header from the endpoint's secret.
const signer = new Stripe("sk_test_signer");

/** The Stripe-Signature header Stripe would send with `payload`, made at `timestamp` (seconds; now by default). */
export function stripeSignature(payload: string, secret: string, timestamp?: number): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/** Posts a raw body to the Stripe webhook with the given Stripe-Signature header. */
export function postStripeWebhook(app: Express, payload: string, signature: string) {
  return request(app)
    .post(WEBHOOK_PATHS.stripe)
    .set("Content-Type", "application/json")
    .set("Stripe-Signature", signature)
    .send(payload);
}

/**
 * Delivers a Stripe event of `type` about `object`, signed with the endpoint's `secret`. `fields`
 * sets the event's id (a new one otherwise) and its `created` time.
 */
export function signedStripeEvent(
  app: Express,
  secret: string,
  type: string,
  object: Record<string, unknown>,
  fields: { id?: string; created?: number } = {},
) {
  const id = fields.id ?? `evt_${Math.random().toString(36).slice(2)}`;
  const payload = JSON.stringify({ ...fields, id, object: "event", type, data: { object } });
  return postStripeWebhook(app, payload, stripeSignature(payload, secret));
}

/**
 * Delivers `body` to the PayPal webhook with the headers PayPal sends. The fake PayPal confirms
 * its own signature, the default; any other `signature` it refuses.
 */
export function paypalWebhook(app: Express, body: unknown, signature = FAKE_WEBHOOK_SIGNATURE) {
  return request(app)
    .post(WEBHOOK_PATHS.paypal)
    .set("Content-Type", "application/json")
    .set("PayPal-Auth-Algo", "SHA256withRSA")
    .set("PayPal-Cert-Url", "https://api.paypal.test/v1/notifications/certs/CERT-1")
    .set("PayPal-Transmission-Id", `tx-${randomUUID()}`)
    .set("PayPal-Transmission-Sig", signature)
    .set("PayPal-Transmission-Time", new Date().toISOString())
    .send(JSON.stringify(body));
}

/** A paid Checkout session of the order, as `checkout.session.completed` carries it. */
export const paidCheckoutSession = (orderId: string, cents: number, paymentIntent: string) => ({
  id: `cs_test_${orderId.slice(0, 8)}`,
  object: "checkout.session",
  client_reference_id: orderId,
  metadata: { orderId },
  payment_status: "paid",
  currency: "usd",
  amount_total: cents,
  payment_intent: paymentIntent,
});
