import { isMonthly } from "../../shared/offer-grants";
import { approveLink, type PayPalClient, PayPalError } from "./paypal-client";
import { subscriptionsOf } from "./paypal-subscriptions";
import { type CheckoutRequest, type PaymentProvider, PayoutRefused, type PayoutSender } from "./provider";

/**
 * PayPal Orders v2 as a redirect checkout: the buyer approves on PayPal and comes back to
 * `/api/checkout/paypal/return`, which captures and fulfils.
 */
export function paypalProvider(paypal: PayPalClient): PaymentProvider {
  return {
    name: "paypal",
    async createCheckout(request: CheckoutRequest) {
      if (isMonthly(request.order.offerId)) return subscriptionsOf(paypal).createCheckout(request);
      const { order, origin, pages } = request;
      const created = await paypal.createOrder({
        amount: order.price,
        currency: "USD",
        description: order.description,
        customId: order.id,
        returnUrl: pages?.paypalReturn ?? `${origin}/api/checkout/paypal/return?order=${order.id}`,
        cancelUrl: pages?.cancel ?? `${origin}/checkout/service/${order.id}?cancelled=true`,
      });
      const checkoutUrl = approveLink(created);
      if (!checkoutUrl) throw new Error("PayPal answered an order without an approval link");
      return { checkoutUrl };
    },
  };
}

/** Batch states in which PayPal pays nothing. */
const UNPAID_BATCH = new Set(["DENIED", "CANCELED"]);

/** Connection errors that mean the request never left: PayPal cannot have taken it. */
const NEVER_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * PayPal said no to the request itself (4xx other than a rate limit or a timeout), or was never
 * reached: nothing was paid. A timeout or a 5xx leaves it unknown.
 */
function refusedByPayPal(err: unknown): boolean {
  if (err instanceof PayPalError)
    return err.status >= 400 && err.status < 500 && ![408, 409, 429].includes(err.status);
  const cause = (err as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  // fetch refuses some ports itself ("bad port") before connecting at all.
  const code = cause?.code ?? (cause?.message === "bad port" ? "ECONNREFUSED" : undefined);
  return err instanceof TypeError && typeof code === "string" && NEVER_SENT.has(code);
}

const detail = (err: unknown) => (err instanceof PayPalError ? err.body : String(err)).slice(0, 200);

/**
 * PayPal Payouts: the payout id is the sender batch id and the request id, so a resend pays once
 * and answers the batch the first send created.
 */
export function paypalPayoutSender(paypal: PayPalClient): PayoutSender {
  const create = (payout: { id: string; amount: string; email: string }) =>
    paypal.createPayout({ batchId: payout.id, amount: payout.amount, email: payout.email });
  return {
    name: "paypal",
    async send(payout) {
      try {
        const { batchId } = await create(payout);
        return { reference: batchId };
      } catch (err) {
        if (refusedByPayPal(err)) throw new PayoutRefused(detail(err));
        throw err;
      }
    },
    async settle(payout) {
      try {
        const { batchId } = await create(payout);
        const batch = await paypal.getPayoutBatch(batchId);
        if (UNPAID_BATCH.has(batch.status))
          return { status: "failed", reason: `PayPal batch ${batch.status}` };
        return { status: "completed", reference: batchId };
      } catch (err) {
        // Unreachable now says nothing about the first send: ask again on the next run.
        if (!(err instanceof PayPalError) || !refusedByPayPal(err)) return { status: "processing" };
        // The batch id was used before (its request id expired): the first send reached PayPal.
        if (detail(err).includes("SENDER_BATCH_ID_ALREADY_USED")) {
          return { status: "completed", reference: `sender-batch-${payout.id}` };
        }
        return { status: "failed", reason: detail(err) };
      }
    },
  };
}

/**
 * PayPal Payouts in batches: a send only queues the payout (it stays `processing`); the next run
 * of the batch job carries it in one batch with the others, and the batch's items settle it.
 */
export const paypalBatchPayoutSender: PayoutSender = {
  name: "paypal-batch",
  async send() {
    return { reference: "", pending: true };
  },
  // The run and the batch's items (polled and by webhook) settle it, not this.
  async settle() {
    return { status: "processing" };
  },
};
