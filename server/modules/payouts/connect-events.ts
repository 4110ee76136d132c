import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { payouts } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { Logger } from "../../lib/logger";
import { reverseTransfer } from "../../payments/stripe-connect";
import { applyAccountUpdated } from "./payout-account.service";
import { settlePayout } from "./payouts.service";

const CONNECT_EVENTS = new Set([
  "account.updated",
  "transfer.created",
  "transfer.updated",
  "transfer.reversed",
  "payout.paid",
  "payout.failed",
  "payout.canceled",
]);

async function payoutOf(db: Db, payoutId: string | undefined) {
  if (!payoutId) return null;
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  return payout?.provider === "stripe" ? payout : null;
}

/**
 * Stripe Connect's events (a verified webhook): `account.updated` keeps the payee's bank account
 * state; the connected account's `payout.paid` completes our payout, `payout.failed` (even after
 * paid: the bank returned it) takes the transfer back and returns the amount with Stripe's
 * reason, and `transfer.reversed` returns it too. Each moves money once: only a payout in the
 * state the event leaves is settled, and the return is keyed by the payout. False for any other
 * event.
 */
export async function handleConnectEvent(
  options: { db: Db; stripe: Stripe; logger: Logger },
  event: Stripe.Event,
): Promise<boolean> {
  if (!CONNECT_EVENTS.has(event.type)) return false;
  const { db, stripe } = options;
  if (event.type === "account.updated") {
    await applyAccountUpdated(db, event.data.object as Stripe.Account);
    return true;
  }
  if (event.type.startsWith("transfer.")) {
    const transfer = event.data.object as Stripe.Transfer;
    const payout = await payoutOf(db, transfer.metadata?.payoutId);
    if (!payout) return true;
    if (event.type === "transfer.reversed" || transfer.reversed)
      await settlePayout({
        db,
        payout,
        result: { status: "failed", reason: "the transfer to your bank account was reversed" },
        providerStatus: "transfer.reversed",
        from: ["processing", "completed"],
      });
    return true;
  }
  const bankPayout = event.data.object as Stripe.Payout;
  const payout = await payoutOf(db, bankPayout.metadata?.payoutId);
  if (!payout) return true;
  if (event.type === "payout.paid") {
    await settlePayout({
      db,
      payout,
      result: { status: "completed", reference: payout.providerRef ?? bankPayout.id },
      providerStatus: "paid",
    });
    return true;
  }
  // Failed or cancelled: the money sits in the connected account, so the transfer comes back
  // first (a failure here answers 500 and Stripe sends the event again), then the balance.
  if (payout.status === "failed") return true;
  const transferId = payout.providerRef ?? bankPayout.metadata?.transferId;
  if (transferId) await reverseTransfer(stripe, transferId, payout.id);
  await settlePayout({
    db,
    payout,
    result: {
      status: "failed",
      reason:
        bankPayout.failure_message ?? bankPayout.failure_code ?? `the bank payout was ${bankPayout.status}`,
    },
    providerStatus: event.type.slice("payout.".length),
    from: ["processing", "completed"],
  });
  return true;
}
