import type Stripe from "stripe";
import type { Config } from "../lib/config";
import { createPayPalClient, type PayPalClient } from "./paypal-client";
import { paypalBatchPayoutSender, paypalPayoutSender, paypalProvider } from "./paypal-provider";
import type { CheckoutProviderName, PaymentProvider, PayoutRails, PayoutSender } from "./provider";
import {
  sandboxPayoutSender,
  sandboxProvider,
  unavailablePayoutSender,
  unavailableProvider,
} from "./sandbox-provider";
import { stripeConnectPayoutSender } from "./stripe-connect";
import { createStripeClient, stripeProvider } from "./stripe-provider";

/** The payment setup of this instance, built once from the configuration. */
export interface Payments {
  /**
   * The provider that takes a checkout the buyer chose: the real one when it has keys, else the
   * sandbox when it is allowed, else one that answers "not available".
   */
  checkout(provider: CheckoutProviderName): PaymentProvider;
  /** True when a checkout with this provider runs in the sandbox (so its Pay button may fulfil). */
  isSandbox(provider: CheckoutProviderName): boolean;
  stripe: Stripe | null;
  stripeWebhookSecret: string | null;
  paypal: PayPalClient | null;
  payouts: PayoutSender;
  /** Every payout rail (docs/money.md#payouts): each payee is paid by the one they chose. */
  payoutRails: PayoutRails;
  /** True when some checkout or the payouts run in the sandbox: every page says "Test mode". */
  testMode: boolean;
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
    | "PAYMENTS_SANDBOX"
    | "isProduction"
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
  // Sandbox money is test money (docs/money.md): it runs in development and test, and in production
  // only when PAYMENTS_SANDBOX=true says so explicitly (every page then says "Test mode").
  const sandboxAllowed = config.PAYMENTS_SANDBOX ?? !config.isProduction;
  const fallback = (provider: CheckoutProviderName) =>
    sandboxAllowed ? sandboxProvider(provider) : unavailableProvider(provider);
  const providers: Record<CheckoutProviderName, PaymentProvider> = {
    stripe: stripe ? stripeProvider(stripe) : fallback("stripe"),
    paypal: paypal ? paypalProvider(paypal) : fallback("paypal"),
  };
  const payouts = paypal
    ? paypalPayoutSender(paypal)
    : sandboxAllowed
      ? sandboxPayoutSender
      : unavailablePayoutSender;
  // A rail without keys falls back as PayPal does: to the sandbox where it is allowed.
  const rails = {
    paypal: payouts,
    "paypal-batch": paypal ? paypalBatchPayoutSender : payouts,
    stripe: stripe ? stripeConnectPayoutSender(stripe) : payouts,
  };
  const known = new Map<string, PayoutSender>(
    [payouts, rails["paypal-batch"], rails.stripe, sandboxPayoutSender].map((s) => [s.name, s]),
  );
  return {
    checkout: (provider) => providers[provider],
    isSandbox: (provider) => providers[provider].name === "sandbox",
    stripe,
    stripeWebhookSecret: config.STRIPE_WEBHOOK_SECRET ?? null,
    paypal,
    payouts,
    payoutRails: { rail: (name) => rails[name], byName: (provider) => known.get(provider) ?? null },
    testMode: sandboxAllowed && (!stripe || !paypal),
  };
}
