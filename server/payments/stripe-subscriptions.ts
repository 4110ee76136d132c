import type Stripe from "stripe";
import { toCents } from "../../shared/money";
import { serviceTypeName } from "../../shared/service-name";
import { type CheckoutRequest, returnUrls } from "./provider";

/**
 * Stripe Billing for monthly offers: Checkout in subscription mode with a monthly price of the
 * catalogue amount; the order id rides on the session and the subscription, so every later event
 * finds its way back.
 */
export async function createSubscriptionCheckout(
  stripe: Stripe,
  { order, customerEmail, origin }: CheckoutRequest,
): Promise<{ checkoutUrl: string }> {
  const urls = returnUrls(origin, order.id);
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    client_reference_id: order.id,
    customer_email: customerEmail,
    metadata: { orderId: order.id },
    subscription_data: { metadata: { orderId: order.id } },
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "usd",
          unit_amount: toCents(order.price),
          recurring: { interval: "month" },
          product_data: { name: serviceTypeName(order.serviceType), description: order.description },
        },
      },
    ],
    success_url: `${urls.success}&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: urls.cancel,
  });
  if (!session.url) throw new Error("Stripe answered a checkout session without a url");
  return { checkoutUrl: session.url };
}

/** Cancel at period end, or resume, at Stripe. */
export async function setStripeCancelAtPeriodEnd(stripe: Stripe, id: string, cancel: boolean) {
  await stripe.subscriptions.update(id, { cancel_at_period_end: cancel });
}

/** Another option of the same offer: the item's price changes, and Stripe prorates the rest of the period. */
export async function changeStripeOption(
  stripe: Stripe,
  id: string,
  change: { price: string; description: string },
) {
  const remote = await stripe.subscriptions.retrieve(id);
  const item = remote.items.data[0];
  const product = typeof item.price.product === "string" ? item.price.product : item.price.product.id;
  await stripe.subscriptions.update(id, {
    items: [
      {
        id: item.id,
        price_data: {
          currency: "usd",
          product,
          unit_amount: toCents(change.price),
          recurring: { interval: "month" },
        },
      },
    ],
    proration_behavior: "create_prorations",
    metadata: { option: change.description.slice(0, 500) },
  });
}

/** A Customer Portal session, where the customer changes their card or sees Stripe's invoices. */
export async function openStripePortal(stripe: Stripe, customer: string, returnUrl: string): Promise<string> {
  const session = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
  return session.url;
}
