import { randomUUID } from "node:crypto";
import { PROVIDER_LABELS } from "../../shared/api/checkout";
import { AppError } from "../http/app-error";
import {
  type CheckoutProviderName,
  type CheckoutRequest,
  type PaymentProvider,
  PayoutRefused,
  type PayoutSender,
} from "./provider";

/** The sandbox's hosted checkout page of an order. */
export const sandboxCheckoutPath = (orderId: string, provider: CheckoutProviderName) =>
  `/api/checkout/sandbox/${orderId}?provider=${provider}`;

/**
 * Stands in for a provider that has no keys: a local hosted page, clearly marked as a test,
 * whose Pay button fulfils through the same code path as a verified payment.
 */
export function sandboxProvider(standsInFor: CheckoutProviderName): PaymentProvider {
  return {
    name: "sandbox",
    async createCheckout({ order, pages }: CheckoutRequest) {
      if (pages) return { checkoutUrl: `${pages.sandbox}?provider=${standsInFor}` };
      return { checkoutUrl: sandboxCheckoutPath(order.id, standsInFor) };
    },
  };
}

/** A provider with no keys where the sandbox is not allowed: it says so instead of opening a checkout. */
export function unavailableProvider(provider: CheckoutProviderName): PaymentProvider {
  return {
    name: "unavailable",
    async createCheckout() {
      throw new AppError("UNAVAILABLE", `${PROVIDER_LABELS[provider]} payments are not available right now.`);
    },
  };
}

/** Payouts without PayPal keys where the sandbox is not allowed: refused before any debit. */
export const unavailablePayoutSender: PayoutSender = {
  name: "unavailable",
  async send() {
    throw new PayoutRefused("Payouts are not available right now.");
  },
  // A payout recorded by an instance that could not send it was never sent.
  async settle() {
    return { status: "failed", reason: "payouts are not available" };
  },
};

/** Payouts without PayPal keys in the sandbox: recorded as sent, no money moves. */
export const sandboxPayoutSender: PayoutSender = {
  name: "sandbox",
  async send() {
    return { reference: `sandbox-payout-${randomUUID()}` };
  },
  // The sandbox pays nothing, so an interrupted payout simply completes.
  async settle(payout) {
    return { status: "completed", reference: `sandbox-payout-${payout.id}` };
  },
};
