import { MARKETPLACE_SALE_OFFER } from "../../../shared/marketplace-deals";
import type { ServiceOrder } from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import type { MoneyBack, OrderEffects, PartRefund } from "../../payments/money-effects";
import { applySaleEvent, lockSaleOf } from "./sale-events";
import type { TSaleEvent } from "./sale-machine";

/** The escrow sale an order pays, locked; null for any other order. */
function saleOf(tx: Tx, order: ServiceOrder) {
  if (order.offerId !== MARKETPLACE_SALE_OFFER) return null;
  const id = order.metadata.transactionId;
  return lockSaleOf(tx, typeof id === "string" ? id : null);
}

/** Moves the escrow sale `order` pays by `event` (its machine decides whether the event means anything now). */
async function moveSale(
  tx: Tx,
  order: ServiceOrder,
  event: TSaleEvent,
  extra: { why?: string; part?: { amount: string } } = {},
) {
  const row = await saleOf(tx, order);
  if (row) await applySaleEvent(tx, row, event, { now: new Date(), order, ...extra });
}

/**
 * An escrow sale's money, every event declared: paid into escrow; refunded in whole (before
 * completion the sale is refunded, after it the name goes back to the seller; the ledger takes
 * back the seller's proceeds); a part refunded (completion credits only the rest, a completed
 * sale's proceeds shrink by the part's share in the ledger); charged back (as refunded, and a
 * chargeback decided for us goes to staff). The seller's money itself moves in the ledger.
 */
export const saleOrderEffects: OrderEffects = {
  paid: (tx, order) => moveSale(tx, order, "paid"),
  refunded: (tx, order, back: MoneyBack) => moveSale(tx, order, "refunded", { why: back.note }),
  partlyRefunded: (tx, order, part: PartRefund) => moveSale(tx, order, "partly_refunded", { part }),
  chargedBack: (tx, order, back: MoneyBack) => moveSale(tx, order, "charged_back", { why: back.note }),
  chargebackWon: (tx, order) =>
    moveSale(tx, order, "chargeback_won", {
      why: "The buyer's chargeback was decided for us: release the sale to the seller, or refund the buyer.",
    }),
};
