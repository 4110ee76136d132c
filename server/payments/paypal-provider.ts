import type { PayPalClient } from "./paypal-client";
import { approveLink } from "./paypal-client";
import type { CheckoutRequest, PaymentProvider, PayoutSender } from "./provider";

/**
 * PayPal Orders v2 as a redirect checkout: the buyer approves on PayPal and comes back to
 * `/api/checkout/paypal/return`, which captures and fulfils.
 */
export function paypalProvider(paypal: PayPalClient): PaymentProvider {
  return {
    name: "paypal",
    async createCheckout({ order, origin }: CheckoutRequest) {
      const created = await paypal.createOrder({
        amount: order.price,
        currency: "USD",
        description: order.description,
        customId: order.id,
        returnUrl: `${origin}/api/checkout/paypal/return?order=${order.id}`,
        cancelUrl: `${origin}/checkout/service/${order.id}?cancelled=true`,
      });
      const checkoutUrl = approveLink(created);
      if (!checkoutUrl) throw new Error("PayPal answered an order without an approval link");
      return { checkoutUrl };
    },
  };
}

/** PayPal Payouts: the payout id is the batch id, so a retried send pays once. */
export function paypalPayoutSender(paypal: PayPalClient): PayoutSender {
  return {
    name: "paypal",
    async send(payout) {
      const { batchId } = await paypal.createPayout({
        batchId: payout.id,
        amount: payout.amount,
        email: payout.email,
      });
      return { reference: batchId };
    },
  };
}
