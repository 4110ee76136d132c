import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { TLeaseQuote } from "../../../shared/api/marketplace/deals";
import { leaseScheduleCents } from "../../../shared/marketplace-deals";
import { centsToDecimal, toCents } from "../../../shared/money";
import { FINANCING_TERMS } from "../../../shared/prices";
import { domains } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { DbOrTx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import { financingMonthsOf } from "./sale-terms";

/** The schedule of a lease of `price` over `months` at the Financing term's APR, in dollars. */
export function leaseQuoteOf(price: string, months: number): TLeaseQuote {
  const term = FINANCING_TERMS.find((t) => t.months === months);
  if (!term) throw new AppError("BAD_REQUEST", "Choose a term of 12, 24, 36 or 48 months.");
  const schedule = leaseScheduleCents(toCents(price), term.aprPercent, months);
  const total = schedule.reduce((a, b) => a + b, 0);
  return {
    months,
    aprPercent: term.aprPercent,
    price: centsToDecimal(toCents(price)),
    monthly: centsToDecimal(schedule[0]),
    last: centsToDecimal(schedule[schedule.length - 1]),
    total: centsToDecimal(total),
    interest: centsToDecimal(total - toCents(price)),
  };
}

/**
 * The lease a buyer may take of a listing: the seller must have bought Financing for that term,
 * and the price must be high enough that every instalment is at least a cent.
 */
export async function leaseTermsFor(
  db: DbOrTx,
  listing: { id: string; userId: string; marketplacePrice: string | null },
  months: number,
): Promise<TLeaseQuote> {
  const offered = await financingMonthsOf(db, listing.userId, listing.id);
  if (!offered.includes(months))
    throw new AppError(
      "CONFLICT",
      offered.length
        ? `The seller offers lease-to-own over ${offered.sort((a, b) => a - b).join(", ")} months only.`
        : "The seller does not offer lease-to-own on this domain.",
    );
  const quote = leaseQuoteOf(listing.marketplacePrice ?? "0", months);
  if (toCents(quote.last) <= 0 || toCents(quote.monthly) <= 0)
    throw new AppError("CONFLICT", "This price is too low to pay in instalments.");
  return quote;
}

/** `GET /api/marketplace/listings/{id}/lease-quote`: a listing's lease schedule over a term its seller offers. */
export async function quoteLease(options: {
  db: Db;
  domainId: string;
  months: number;
}): Promise<TLeaseQuote> {
  const [listing] = await options.db
    .select({ id: domains.id, userId: domains.userId, marketplacePrice: domains.marketplacePrice })
    .from(domains)
    .where(
      and(
        eq(domains.id, options.domainId),
        isNotNull(domains.marketplacePrice),
        isNull(domains.soldAt),
        isNotNull(domains.verifiedAt),
      ),
    );
  if (!listing) throw notFound("Listing");
  return leaseTermsFor(options.db, listing, options.months);
}
