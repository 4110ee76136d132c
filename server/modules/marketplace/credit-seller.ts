import { sellerProceedsCents } from "../../../shared/marketplace-deals";
import { centsToDecimal, formatUsd, toCents } from "../../../shared/money";
import type { MarketplaceTransaction } from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import { creditHeldFunds } from "../ledger/held-funds";

/** What the seller keeps of `amount` (a sale's price or one lease instalment) after the deal's commission. */
export const sellerProceeds = (row: MarketplaceTransaction, amount: string) =>
  centsToDecimal(sellerProceedsCents(toCents(amount), Number(row.commissionPercent)));

/**
 * Credits the seller of `row` with `proceeds` of `amount`, held `holdDays`: once per `sourceKey`.
 * The ledger's description opens with `what` and says the amount and the commission kept.
 */
export function creditSeller(
  tx: Tx,
  row: MarketplaceTransaction,
  credit: {
    amount: string;
    proceeds: string;
    what: string;
    holdDays: number;
    sourceKey: string;
    orderId: string | null;
    metadata: Record<string, unknown>;
  },
) {
  return creditHeldFunds(tx, {
    userId: row.sellerId,
    domainId: row.domainId,
    kind: "sale",
    revenueType: "marketplace",
    amount: credit.proceeds,
    holdDays: credit.holdDays,
    description: `${credit.what}: ${formatUsd(credit.amount)} less ${Number(row.commissionPercent)}% commission`,
    sourceKey: credit.sourceKey,
    orderId: credit.orderId,
    metadata: credit.metadata,
  });
}
