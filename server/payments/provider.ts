import type { TCheckoutProvider } from "../../shared/api/checkout";

/** The two providers a buyer can choose at checkout (shared/api/checkout owns the list). */
export type CheckoutProviderName = TCheckoutProvider;

/** What a provider needs to open a hosted checkout for one order. */
export interface CheckoutRequest {
  /** `offerId` says whether the order is a monthly subscription (docs/money.md#subscriptions-and-entitlements) or paid once. */
  order: { id: string; offerId: string; price: string; serviceType: string; description: string };
  customerEmail: string;
  /** Absolute origin the buyer returns to, e.g. "https://parkpilot.example". */
  origin: string;
  /**
   * Where the payer is sent when it is not a service order of a signed-in user (a lead buyer's
   * invoice): back after paying or cancelling, PayPal's return (which captures), and the
   * sandbox's test page. Absent: the service order's own pages.
   */
  pages?: { success: string; cancel: string; paypalReturn: string; sandbox: string };
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

/** One payout as a sender sees it: our payout id is the provider's idempotency key. */
export interface PayoutOrder {
  id: string;
  /** What the payee receives (after any backup withholding). */
  amount: string;
  /** Where it goes: a PayPal account's email, or a Stripe connected account's id (`acct_…`). */
  email: string;
}

/**
 * What a send answers: the provider's reference, and `pending` when the provider took the payout
 * but says how it ended later (a Stripe transfer's payout webhooks, a PayPal batch's items): the
 * payout stays `processing` until then.
 */
export interface PayoutSent {
  reference: string;
  pending?: boolean;
}

/**
 * How a payout ended at the provider: `processing` when the provider cannot say yet (or could not
 * be reached), so the reconciliation job asks again later.
 */
export type PayoutSettlement =
  | { status: "completed"; reference: string }
  | { status: "failed"; reason: string }
  | { status: "processing" };

/** A send the provider refused outright: nothing was paid, the amount goes back at once. */
export class PayoutRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PayoutRefused";
  }
}

/**
 * One payout rail: PayPal Payouts one at a time ("paypal"), PayPal Payouts in one batch per run
 * ("paypal-batch"), Stripe Connect transfers to a bank account ("stripe"), or the sandbox. Each
 * payee's rail is chosen in Payout Settings; the review queue and the ledger are the same for all.
 */
export interface PayoutSender {
  readonly name: string;
  /**
   * Sends the payout. Throws `PayoutRefused` when nothing was paid; any other error leaves it
   * unknown whether the provider took it, and `settle` finds out.
   */
  send(payout: PayoutOrder): Promise<PayoutSent>;
  /**
   * Where a payout left `processing` (the process died between the debit and the provider's
   * answer, or the answer never came) stands at the provider. Safe to call again and again.
   */
  settle(payout: PayoutOrder): Promise<PayoutSettlement>;
}

/** The pages a buyer comes back to. */
export const returnUrls = (origin: string, orderId: string) => ({
  success: `${origin}/checkout/success?order=${orderId}`,
  cancel: `${origin}/checkout/service/${orderId}?cancelled=true`,
});

/** The rails a payee may be paid by, and the one each recorded payout was sent by. */
export type PayoutRailName = "paypal" | "paypal-batch" | "stripe";

export interface PayoutRails {
  /** The sender of a rail as configured now (the sandbox where a rail has no keys and it is allowed). */
  rail(name: PayoutRailName): PayoutSender;
  /** The sender that made a recorded payout (`payouts.provider`), or null when none here can. */
  byName(provider: string): PayoutSender | null;
}
