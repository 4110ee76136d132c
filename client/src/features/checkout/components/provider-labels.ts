import type { TCheckoutProvider } from "@shared/api/checkout";

/** How each provider is named on buttons and in the spec's error texts (§8). */
export const PROVIDER_LABELS: Record<TCheckoutProvider, string> = { stripe: "Stripe", paypal: "PayPal" };
