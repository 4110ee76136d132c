/** The two providers a buyer can choose at checkout (spec §7: lowercase provider names). */
export const CHECKOUT_PROVIDERS = ["stripe", "paypal"] as const;
export type CheckoutProviderName = (typeof CHECKOUT_PROVIDERS)[number];

/** What a provider needs to open a hosted checkout for one order. */
export interface CheckoutRequest {
  order: { id: string; price: string; serviceType: string; description: string };
  customerEmail: string;
  /** Absolute origin the buyer returns to, e.g. "https://parkpilot.example". */
  origin: string;
}

/**
 * A way to take a payment: it opens a hosted checkout and answers where to send the buyer.
 * Fulfilment happens later, when the provider confirms the payment (webhook, capture on return,
 * or the sandbox page's Pay button), always through `fulfilOrder`.
 */
export interface PaymentProvider {
  /** "stripe", "paypal", or "sandbox" when the chosen provider has no keys. */
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<{ checkoutUrl: string }>;
}

/** Where a payout is sent: PayPal Payouts when configured, else the sandbox. */
export interface PayoutSender {
  readonly name: string;
  send(payout: { id: string; amount: string; email: string }): Promise<{ reference: string }>;
}

/** The pages a buyer comes back to. */
export const returnUrls = (origin: string, orderId: string) => ({
  success: `${origin}/checkout/success?order=${orderId}`,
  cancel: `${origin}/checkout/service/${orderId}?cancelled=true`,
});
