/**
 * The marketplace's deal rules (docs/marketplace.md): how long offers bind, how long each side
 * has, and what each Buyer Protection level adds to a sale. Used by the server and the client.
 */
import type { PROTECTION_LEVELS } from "./prices";

/** An offer or a counter binds for this many days, then expires. */
export const OFFER_BINDING_DAYS = 7;
/** An escrow sale not paid within this many days is cancelled. */
export const PAYMENT_DAYS = 5;
/** A paid sale whose domain the buyer has not proven within this many days is refunded. */
export const TRANSFER_DAYS = 7;

/** The `offer_id` of the order a buyer pays an escrow sale with (not a catalogue offer). */
export const MARKETPLACE_SALE_OFFER = "marketplaceSale";
/** The `offer_id` of a lease's instalment orders: a monthly subscription of the existing billing. */
export const MARKETPLACE_LEASE_OFFER = "marketplaceLease";
/** An instalment unpaid this many days after it fell due ends the lease. */
export const LEASE_GRACE_DAYS = 10;
/**
 * A sale or lease in progress: the platform holds money for it or waits on a side, so its domain
 * can be neither taken off the marketplace, marked sold by hand, nor removed until it ends.
 */
export const LIVE_SALE_STATUSES = [
  "awaiting_payment",
  "leasing",
  "awaiting_transfer",
  "inspection",
  "disputed",
] as const;
export const LIVE_SALE_MESSAGE =
  "This domain is in a sale in progress: it can be unlisted, marked sold or removed once the sale ends.";

/** True for the orders whose money is a seller's (an escrow sale, a lease's instalments), not the platform's. */
export const isEscrowOffer = (offerId: string) =>
  offerId === MARKETPLACE_SALE_OFFER || offerId === MARKETPLACE_LEASE_OFFER;

export type TProtectionLevel = (typeof PROTECTION_LEVELS)[number]["id"];

/** What a Buyer Protection level adds to every escrow sale of its listing. */
export interface ProtectionTerms {
  /** Days of inspection instead of the platform's default (the longer of the two applies). */
  inspectionDays: number;
  /** A transfer specialist's work order opens when the buyer pays, to move the name with the seller. */
  transferSpecialist: boolean;
  /** The buyer is refunded in full when a dispute is decided, whoever staff side with on the name. */
  refundGuarantee: boolean;
  /** One line for the buyer, shown on the listing and the sale. */
  summary: string;
}

export const PROTECTION_TERMS: Record<TProtectionLevel, ProtectionTerms> = {
  standard: {
    inspectionDays: 7,
    transferSpecialist: false,
    refundGuarantee: false,
    summary: "7-day inspection of the domain before the seller is paid",
  },
  premium: {
    inspectionDays: 10,
    transferSpecialist: true,
    refundGuarantee: false,
    summary: "10-day inspection and a transfer specialist who moves the domain with the seller",
  },
  enterprise: {
    inspectionDays: 14,
    transferSpecialist: true,
    refundGuarantee: true,
    summary: "14-day inspection, a transfer specialist, and a full refund if a dispute is not settled",
  },
};

/** The protection level a Buyer Protection order asked for (`protectionLevel`), or null for anything else. */
export function protectionLevelOf(level: string): TProtectionLevel | null {
  return Object.hasOwn(PROTECTION_TERMS, level) ? (level as TProtectionLevel) : null;
}

/** The strongest of several levels (a listing may have bought more than one), or null. */
export function strongestProtection(levels: readonly TProtectionLevel[]): TProtectionLevel | null {
  const order: TProtectionLevel[] = ["enterprise", "premium", "standard"];
  return order.find((l) => levels.includes(l)) ?? null;
}

/**
 * The seller's share of a sale in cents: the price less the commission, the commission rounded
 * to the nearest cent (half up).
 */
export function sellerProceedsCents(priceCents: number, commissionPercent: number): number {
  const commission = Math.round((priceCents * commissionPercent) / 100);
  return priceCents - commission;
}

/**
 * The monthly instalment in cents of a lease-to-own over `months` at `aprPercent` APR, amortised
 * like a loan (P·r / (1 − (1 + r)^−n), r the monthly rate), rounded up to the cent so that the
 * instalments never pay less than the price and its interest.
 */
export function leaseInstalmentCents(priceCents: number, aprPercent: number, months: number): number {
  const r = aprPercent / 100 / 12;
  if (r === 0) return Math.ceil(priceCents / months);
  return Math.ceil((priceCents * r) / (1 - (1 + r) ** -months));
}

/**
 * Every instalment in cents of a lease-to-own of `priceCents` over `months` at `aprPercent` APR:
 * the monthly instalment (`leaseInstalmentCents`), each month's interest on the balance rounded
 * to the cent, and a last instalment that pays what is left, so the instalments repay the price
 * exactly, with its interest.
 */
export function leaseScheduleCents(priceCents: number, aprPercent: number, months: number): number[] {
  const r = aprPercent / 100 / 12;
  const monthly = leaseInstalmentCents(priceCents, aprPercent, months);
  const schedule: number[] = [];
  let balance = priceCents;
  for (let month = 1; month <= months; month += 1) {
    const interest = Math.round(balance * r);
    const payment = month === months ? balance + interest : Math.min(monthly, balance + interest);
    schedule.push(payment);
    balance -= payment - interest;
  }
  return schedule;
}

/** What a lease quote shows before paying: the term, its APR and every instalment, in decimal dollars. */
export interface LeaseQuote {
  months: number;
  aprPercent: number;
  price: string;
  monthly: string;
  last: string;
  total: string;
  interest: string;
}
