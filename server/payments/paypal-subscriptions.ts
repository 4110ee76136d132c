import { isOfferKey, OFFERS } from "../../shared/catalog";
import { toCents } from "../../shared/money";
import type { PayPalClient } from "./paypal-client";
import type { CheckoutRequest } from "./provider";

interface PayPalLink {
  href: string;
  rel: string;
}

/** What PayPal's Subscriptions API answers about one subscription. */
export interface PayPalSubscription {
  id: string;
  status: string;
  plan_id?: string;
  custom_id?: string;
  links?: PayPalLink[];
  billing_info?: { next_billing_time?: string; last_payment?: { time?: string } };
}

/**
 * PayPal Subscriptions for monthly offers: a catalogue product per offer and a monthly plan per
 * offer option and price, created on first use and cached (PayPal's request id makes a repeated
 * creation answer the first one, so several instances end with one plan).
 */
export function paypalSubscriptions(paypal: PayPalClient) {
  const plans = new Map<string, Promise<string>>();

  async function planFor(order: {
    offerId: string;
    price: string;
    serviceType: string;
    description: string;
  }) {
    const key = `${order.offerId}-${order.serviceType}-${toCents(order.price)}`;
    const cached = plans.get(key);
    if (cached) return cached;
    const created = (async () => {
      const name = isOfferKey(order.offerId) ? OFFERS[order.offerId].path.split("/").pop() : order.offerId;
      const product = await paypal.request<{ id: string }>(
        "POST",
        "/v1/catalogs/products",
        { name: `ParkPilot ${name}`, type: "SERVICE", category: "SOFTWARE" },
        `product-${order.offerId}`,
      );
      const plan = await paypal.request<{ id: string }>(
        "POST",
        "/v1/billing/plans",
        {
          product_id: product.id,
          name: order.description.slice(0, 127),
          status: "ACTIVE",
          billing_cycles: [
            {
              frequency: { interval_unit: "MONTH", interval_count: 1 },
              tenure_type: "REGULAR",
              sequence: 1,
              total_cycles: 0,
              pricing_scheme: { fixed_price: { value: order.price, currency_code: "USD" } },
            },
          ],
          payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
        },
        `plan-${key}`,
      );
      return plan.id;
    })();
    plans.set(key, created);
    created.catch(() => plans.delete(key));
    return created;
  }

  return {
    /** A subscription for the order's option; the buyer approves it on PayPal. */
    async createCheckout({ order, customerEmail, origin }: CheckoutRequest & { order: { offerId: string } }) {
      const planId = await planFor(order);
      const created = await paypal.request<PayPalSubscription>(
        "POST",
        "/v1/billing/subscriptions",
        {
          plan_id: planId,
          custom_id: order.id,
          subscriber: { email_address: customerEmail },
          application_context: {
            brand_name: "ParkPilot",
            user_action: "SUBSCRIBE_NOW",
            shipping_preference: "NO_SHIPPING",
            return_url: `${origin}/checkout/success?order=${order.id}`,
            cancel_url: `${origin}/checkout/service/${order.id}?cancelled=true`,
          },
        },
        `subscription-${order.id}`,
      );
      const approve = created.links?.find((l) => l.rel === "approve")?.href;
      if (!approve) throw new Error("PayPal answered a subscription without an approval link");
      return { checkoutUrl: approve };
    },

    /** Cancel at period end: PayPal stops billing (suspended); resume activates it again. */
    suspend: (id: string) =>
      paypal.request("POST", `/v1/billing/subscriptions/${encodeURIComponent(id)}/suspend`, {
        reason: "Cancelled at the end of the period",
      }),
    activate: (id: string) =>
      paypal.request("POST", `/v1/billing/subscriptions/${encodeURIComponent(id)}/activate`, {
        reason: "Resumed",
      }),
    cancel: (id: string) =>
      paypal.request("POST", `/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`, {
        reason: "The subscription ended",
      }),
  };
}

export type PayPalSubscriptions = ReturnType<typeof paypalSubscriptions>;

const perClient = new WeakMap<PayPalClient, PayPalSubscriptions>();

/** The one Subscriptions helper of a PayPal client, so that its plan cache is shared. */
export function subscriptionsOf(paypal: PayPalClient): PayPalSubscriptions {
  let found = perClient.get(paypal);
  if (!found) {
    found = paypalSubscriptions(paypal);
    perClient.set(paypal, found);
  }
  return found;
}
