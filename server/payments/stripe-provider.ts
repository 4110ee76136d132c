import { createRequire } from "node:module";
import type Stripe from "stripe";
import { toCents } from "../../shared/money";
import { isMonthly } from "../../shared/offer-grants";
import { serviceTypeName } from "../../shared/service-name";
import type { CheckoutRequest, PaymentProvider } from "./provider";
import { returnUrls } from "./provider";
import { createSubscriptionCheckout } from "./stripe-subscriptions";

/**
 * The Stripe SDK, loaded when an instance is configured with Stripe's keys rather than at every
 * start (development and most tests run the sandbox): some 55 ms of loading.
 */
const loadStripe = () => createRequire(import.meta.url)("stripe") as typeof Stripe;

/** A Stripe client; `apiBase` points the real SDK at another server (a local fake in tests). */
export function createStripeClient(options: { secretKey: string; apiBase?: string }): Stripe {
  const Stripe = loadStripe();
  if (!options.apiBase) return new Stripe(options.secretKey, { maxNetworkRetries: 2 });
  const url = new URL(options.apiBase);
  return new Stripe(options.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === "http:" ? 80 : 443),
    protocol: url.protocol === "http:" ? "http" : "https",
    maxNetworkRetries: 2,
  });
}

/** Stripe Checkout: one session per attempt, for the order's catalogue price, fulfilled by webhook. */
export function stripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: "stripe",
    async createCheckout(request: CheckoutRequest) {
      if (isMonthly(request.order.offerId)) return createSubscriptionCheckout(stripe, request);
      const { order, customerEmail, origin, pages } = request;
      const urls = pages ?? returnUrls(origin, order.id);
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        client_reference_id: order.id,
        customer_email: customerEmail || undefined,
        metadata: { orderId: order.id },
        payment_intent_data: { metadata: { orderId: order.id } },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: toCents(order.price),
              product_data: { name: serviceTypeName(order.serviceType), description: order.description },
            },
          },
        ],
        success_url: `${urls.success}${urls.success.includes("?") ? "&" : "?"}session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: urls.cancel,
      });
      if (!session.url) throw new Error("Stripe answered a checkout session without a url");
      return { checkoutUrl: session.url };
    },
  };
}
