import { and, eq } from "drizzle-orm";
import type { OfferKey } from "../../../shared/catalog";
import { domains } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import { assertForecastable } from "../analytics/reports/forecast-basis";

type Check = (db: DbOrTx, userId: string, domainId: string | null) => Promise<void>;

/**
 * A marketplace booster (Premium Listing, a promotion) places a listing: it is sold only for a
 * name of the buyer's that is verified, listed and not sold, or it would deliver nothing.
 */
const assertListed: Check = async (db, userId, domainId) => {
  if (!domainId) return;
  const [domain] = await db
    .select({
      name: domains.name,
      verifiedAt: domains.verifiedAt,
      price: domains.marketplacePrice,
      soldAt: domains.soldAt,
    })
    .from(domains)
    .where(and(eq(domains.id, domainId), eq(domains.userId, userId)));
  if (!domain) return;
  if (domain.soldAt)
    throw new AppError("CONFLICT", `${domain.name} is sold: there is no listing to promote.`);
  if (!domain.verifiedAt)
    throw new AppError(
      "CONFLICT",
      `${domain.name} is not verified yet: prove you own it, list it, then promote the listing.`,
    );
  if (!domain.price)
    throw new AppError(
      "CONFLICT",
      `${domain.name} is not listed for sale: list it first, then promote the listing.`,
    );
};

/**
 * Offers whose delivery depends on the buyer's account or domain, asked before an order is made:
 * a purchase that could deliver nothing is refused with the reason, not sold.
 */
const CHECKS: Partial<Record<OfferKey, Check>> = {
  forecasting: (db, userId) => assertForecastable(db, userId),
  premiumListing: assertListed,
  promotion: assertListed,
};

/** Throws the offer's refusal when this account (or the order's domain) cannot be delivered it now. */
export async function assertDeliverable(
  db: DbOrTx,
  userId: string,
  offerKey: OfferKey,
  domainId: string | null = null,
): Promise<void> {
  await CHECKS[offerKey]?.(db, userId, domainId);
}
