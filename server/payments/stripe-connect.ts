import type Stripe from "stripe";
import { toCents } from "../../shared/money";
import { type PayoutOrder, PayoutRefused, type PayoutSender, type PayoutSettlement } from "./provider";

/** A request Stripe refused for what it asked (no such account, payouts not enabled): nothing moved. */
const refusedByStripe = (err: unknown) =>
  err instanceof Error &&
  "type" in err &&
  (err.type === "StripeInvalidRequestError" || err.type === "StripePermissionError");

/**
 * Stripe Connect (Express accounts): a payout is a transfer of the platform's funds to the
 * payee's connected account, then a payout of it from that account to the payee's bank. Both
 * carry our payout id as their idempotency key, so a resend (the reconciliation job) moves the
 * money once. How it ended comes from the connected account's `payout.paid` / `payout.failed`.
 */
export function stripeConnectPayoutSender(stripe: Stripe): PayoutSender {
  async function transferAndPayout(payout: PayoutOrder) {
    const cents = toCents(payout.amount);
    const transfer = await stripe.transfers.create(
      {
        amount: cents,
        currency: "usd",
        destination: payout.email,
        transfer_group: payout.id,
        metadata: { payoutId: payout.id },
      },
      { idempotencyKey: payout.id },
    );
    const bankPayout = await stripe.payouts.create(
      { amount: cents, currency: "usd", metadata: { payoutId: payout.id, transferId: transfer.id } },
      { stripeAccount: payout.email, idempotencyKey: `${payout.id}:payout` },
    );
    return { transfer, bankPayout };
  }
  return {
    name: "stripe",
    async send(payout) {
      try {
        const { transfer } = await transferAndPayout(payout);
        return { reference: transfer.id, pending: true };
      } catch (err) {
        if (refusedByStripe(err)) throw new PayoutRefused((err as Error).message);
        throw err;
      }
    },
    async settle(payout): Promise<PayoutSettlement> {
      try {
        const { transfer, bankPayout } = await transferAndPayout(payout);
        if (bankPayout.status === "paid") return { status: "completed", reference: transfer.id };
        if (bankPayout.status === "failed" || bankPayout.status === "canceled")
          return { status: "processing" };
        return { status: "processing" };
      } catch (err) {
        if (refusedByStripe(err)) return { status: "failed", reason: (err as Error).message };
        return { status: "processing" };
      }
    },
  };
}

/**
 * Takes a transfer back from the connected account (its bank payout failed, so the money sits in
 * that account's Stripe balance), once: the payout id keys the reversal.
 */
export async function reverseTransfer(stripe: Stripe, transferId: string, payoutId: string): Promise<void> {
  const transfer = await stripe.transfers.retrieve(transferId);
  if (transfer.reversed) return;
  await stripe.transfers.createReversal(
    transferId,
    { metadata: { payoutId } },
    { idempotencyKey: `reverse:${payoutId}` },
  );
}
