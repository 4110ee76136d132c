import type Stripe from "stripe";
import type { Config } from "../config";
import { createPayPalClient, type PayPalClient } from "./paypal-client";
import { paypalPayoutSender, paypalProvider } from "./paypal-provider";
import type { CheckoutProviderName, PaymentProvider, PayoutSender } from "./provider";
import { sandboxPayoutSender, sandboxProvider } from "./sandbox-provider";
import { createStripeClient, stripeProvider } from "./stripe-provider";

/** The payment setup of this instance, built once from the configuration. */
export interface Payments {
  /** The provider that takes a checkout the buyer chose: the real one when it has keys, else the sandbox. */
  checkout(provider: CheckoutProviderName): PaymentProvider;
  stripe: Stripe | null;
  stripeWebhookSecret: string | null;
  paypal: PayPalClient | null;
  payouts: PayoutSender;
}

export function createPayments(
  config: Pick<
    Config,
    | "STRIPE_SECRET_KEY"
    | "STRIPE_WEBHOOK_SECRET"
    | "STRIPE_API_BASE"
    | "PAYPAL_CLIENT_ID"
    | "PAYPAL_CLIENT_SECRET"
    | "PAYPAL_API_BASE"
  >,
): Payments {
  const stripe = config.STRIPE_SECRET_KEY
    ? createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE })
    : null;
  const paypal =
    config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET
      ? createPayPalClient({
          clientId: config.PAYPAL_CLIENT_ID,
          clientSecret: config.PAYPAL_CLIENT_SECRET,
          apiBase: config.PAYPAL_API_BASE,
        })
      : null;
  const providers: Record<CheckoutProviderName, PaymentProvider> = {
    stripe: stripe ? stripeProvider(stripe) : sandboxProvider("stripe"),
    paypal: paypal ? paypalProvider(paypal) : sandboxProvider("paypal"),
  };
  return {
    checkout: (provider) => providers[provider],
    stripe,
    stripeWebhookSecret: config.STRIPE_WEBHOOK_SECRET ?? null,
    paypal,
    payouts: paypal ? paypalPayoutSender(paypal) : sandboxPayoutSender,
  };
}
