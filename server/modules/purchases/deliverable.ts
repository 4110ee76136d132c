import type { OfferKey } from "../../../shared/catalog";
import type { DbOrTx } from "../../db/tx";
import { assertForecastable } from "../analytics/reports/forecast-basis";

/**
 * Offers whose delivery depends on the buyer's account, asked before an order is made: a
 * purchase that could deliver nothing is refused with the reason, not sold.
 */
const CHECKS: Partial<Record<OfferKey, (db: DbOrTx, userId: string) => Promise<void>>> = {
  forecasting: assertForecastable,
};

/** Throws the offer's refusal when this account cannot be delivered it now. */
export async function assertDeliverable(db: DbOrTx, userId: string, offerKey: OfferKey): Promise<void> {
  await CHECKS[offerKey]?.(db, userId);
}
