import { z } from "zod";
import { ZMoney } from "../../money";
import { ZPageUrl } from "../parked-pages";
import { ZListingPrice } from "./listings";

/**
 * An accepted offer that was not turned into a sale within its binding time, or whose sale was
 * cancelled unpaid, is `lapsed`: it opens no sale any more.
 */
export const OFFER_STATUSES = [
  "open",
  "countered",
  "accepted",
  "declined",
  "withdrawn",
  "expired",
  "lapsed",
] as const;
export type TOfferStatus = (typeof OFFER_STATUSES)[number];
export const TRANSACTION_STATUSES = [
  "awaiting_payment",
  "leasing",
  "awaiting_transfer",
  "inspection",
  "completed",
  "cancelled",
  "refunded",
  "disputed",
  "lease_ended",
  "charged_back",
] as const;
export type TTransactionStatus = (typeof TRANSACTION_STATUSES)[number];
/** Each sale status as buyers and sellers read it. */
export const TRANSACTION_STATUS_LABELS: Record<TTransactionStatus, string> = {
  awaiting_payment: "Awaiting payment",
  leasing: "Leasing",
  awaiting_transfer: "Awaiting transfer",
  inspection: "Inspection",
  completed: "Completed",
  cancelled: "Cancelled",
  refunded: "Refunded",
  disputed: "Disputed",
  lease_ended: "Lease ended",
  charged_back: "Charged back",
};

/** Longest message a buyer may attach to an offer. */
export const MAX_OFFER_MESSAGE_LENGTH = 1_000;

/** `POST /api/marketplace/offers`: an offer on a listing, in dollars (bounded like a listing price). */
/** `from: "lander"`: the buyer came from the name's own parked page (counted for its lander). */
const ZFrom = z.literal("lander", "Unknown source").optional();

export const ZMakeOfferBody = z.object({
  domainId: z.uuid("Choose a domain"),
  from: ZFrom,
  amount: ZListingPrice,
  message: z
    .string()
    .trim()
    .max(MAX_OFFER_MESSAGE_LENGTH, "Your message can be at most 1,000 characters.")
    .optional(),
});
export const ZCounterOfferBody = z.object({ amount: ZListingPrice });
export const ZOfferIdParams = z.object({ id: z.uuid("Unknown offer") });
/** `PUT /api/marketplace/newsletter`: the weekly email of promoted listings, on or off. */
export const ZNewsletterBody = z.object({ subscribed: z.boolean() });
/** The weekly listings email: whether the user gets it, and how many buyers do (a Newsletter promotion's audience). */
export const ZNewsletter = z.object({ subscribed: z.boolean(), audience: z.number().int().min(0) });
export type TNewsletter = z.infer<typeof ZNewsletter>;
export const ZListingIdParams = z.object({ id: z.uuid("Unknown listing") });
/** `GET /api/marketplace/listings/{id}`: one listing as a buyer decides on it. */
export const ZListingForBuyer = z.object({
  id: z.string(),
  name: z.string(),
  price: ZMoney,
  registrationDate: z.string(),
  featuredUntil: z.string().nullable(),
  protection: z.object({ level: z.string(), summary: z.string() }).nullable(),
  /** Lease-to-own terms the seller offers, each with its amortised monthly instalment. */
  financing: z.array(z.object({ months: z.number(), aprPercent: z.number(), monthly: ZMoney })),
});
export type TListingForBuyer = z.infer<typeof ZListingForBuyer>;
export const ZOffersQuery = z.object({ role: z.enum(["buyer", "seller"]).default("buyer") });
/** `POST /api/marketplace/floor`: the lowest offer a listing takes; null takes any offer. */
export const ZOfferFloorBody = z.object({
  domainId: z.uuid("Choose a domain"),
  floor: ZListingPrice.nullable(),
});

/** One offer or counter as either side sees it. */
export const ZOffer = z.object({
  id: z.string(),
  domainId: z.string(),
  domainName: z.string(),
  /** Which side made it. */
  madeBy: z.enum(["buyer", "seller"]),
  amount: ZMoney,
  message: z.string().nullable(),
  status: z.enum(OFFER_STATUSES),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** The sale an accepted offer opened, if any. */
  transactionId: z.string().nullable(),
  /** True when it waits for the viewer's answer (accept, decline or counter). */
  awaitsMe: z.boolean(),
});
export type TOffer = z.infer<typeof ZOffer>;
/** A buyer and a domain: every offer and counter between them, oldest first. */
export const ZOfferThread = z.object({
  domainId: z.string(),
  domainName: z.string(),
  role: z.enum(["buyer", "seller"]),
  offers: z.array(ZOffer),
});
export type TOfferThread = z.infer<typeof ZOfferThread>;
export const ZMadeOffer = z.object({
  id: z.string(),
  status: z.enum(OFFER_STATUSES),
  amount: ZMoney,
  expiresAt: z.string(),
});
export type TMadeOffer = z.infer<typeof ZMadeOffer>;

/** A lease-to-own term in months (the Financing terms a seller may offer). */
export const LEASE_MONTHS = [12, 24, 36, 48] as const;
export const ZLeaseMonths = z.coerce
  .number()
  .refine((n) => (LEASE_MONTHS as readonly number[]).includes(n), "Choose a term of 12, 24, 36 or 48 months");
/**
 * `POST /api/marketplace/transactions`: buy a listing now at its price, pay an accepted offer, or
 * lease it to own over a term the seller offers (`kind: "lease"`).
 */
export const ZOpenTransactionBody = z.union([
  z.object({ domainId: z.uuid("Choose a domain"), from: ZFrom }).strict(),
  z.object({ offerId: z.uuid("Unknown offer") }).strict(),
  z.object({ domainId: z.uuid("Choose a domain"), kind: z.literal("lease"), months: ZLeaseMonths }).strict(),
]);
/** `GET /api/marketplace/listings/{id}/lease-quote?months=`: the schedule shown before paying. */
export const ZLeaseQuoteQuery = z.object({ months: ZLeaseMonths });
export const ZLeaseQuote = z.object({
  months: z.number(),
  aprPercent: z.number(),
  price: ZMoney,
  /** Each instalment but the last. */
  monthly: ZMoney,
  /** The last instalment, which absorbs the rounding. */
  last: ZMoney,
  total: ZMoney,
  interest: ZMoney,
});
export type TLeaseQuote = z.infer<typeof ZLeaseQuote>;
/** `PUT /api/marketplace/transactions/{id}/redirect`: where the lessee sends visitors, or null for the parked page. */
export const ZLeaseRedirectBody = z.object({ url: ZPageUrl.nullable() });
export const ZTransactionIdParams = z.object({ id: z.uuid("Unknown transaction") });
export const ZDisputeBody = z.object({
  reason: z.string().trim().min(1, "Say what went wrong.").max(2_000, "At most 2,000 characters."),
});

/** A side's own account of a disputed sale, replaced by its next one while staff decide. */
export const ZDisputeStatementBody = z.object({
  statement: z.string().trim().min(1, "Write your statement.").max(5_000, "At most 5,000 characters."),
});
export type TDisputeStatementBody = z.infer<typeof ZDisputeStatementBody>;
export const ZDisputeStatement = z.object({ text: z.string(), at: z.string() });

/** An escrow sale as its buyer or its seller sees it. */
export const ZMarketplaceTransaction = z.object({
  id: z.string(),
  domainName: z.string(),
  role: z.enum(["buyer", "seller"]),
  status: z.enum(TRANSACTION_STATUSES),
  amount: ZMoney,
  orderId: z.string().nullable(),
  /** The Buyer Protection level, its terms in one line, and the inspection it gives. */
  protection: z.object({ level: z.string(), summary: z.string() }).nullable(),
  inspectionDays: z.number(),
  /** The seller's share once it completes: the price less the commission. */
  sellerProceeds: ZMoney,
  commissionPercent: z.string(),
  /** The record the buyer publishes on the name to prove the transfer (the buyer sees it only). */
  transfer: z.object({ txtRecord: z.object({ name: z.string(), value: z.string() }) }).nullable(),
  /** When the current step times out: payment, transfer or inspection. */
  deadline: z.string().nullable(),
  paidAt: z.string().nullable(),
  transferredAt: z.string().nullable(),
  disputeReason: z.string().nullable(),
  /** Each side's statement on a dispute (both sides and staff read both), or null before one is given. */
  statements: z.object({ buyer: ZDisputeStatement.nullable(), seller: ZDisputeStatement.nullable() }),
  /** Paid in the sandbox: test money, nothing held for the seller and nothing credited. */
  testMoney: z.boolean(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  kind: z.enum(["sale", "lease"]),
  /** A lease's schedule and progress; null for a sale. */
  lease: z
    .object({
      months: z.number(),
      aprPercent: z.number(),
      monthly: ZMoney,
      last: ZMoney,
      instalmentsPaid: z.number(),
      paidSoFar: ZMoney,
      nextInstalmentAt: z.string().nullable(),
      /** Where the lessee sends the domain's visitors (the lessee sees it only). */
      redirectUrl: z.string().nullable(),
    })
    .nullable(),
});
export type TMarketplaceTransaction = z.infer<typeof ZMarketplaceTransaction>;
export const ZOpenedTransaction = z.object({
  id: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  amount: ZMoney,
  orderId: z.string(),
});
export type TOpenedTransaction = z.infer<typeof ZOpenedTransaction>;

export const marketplaceDealPaths = {
  offers: "/api/marketplace/offers",
  counter: "/api/marketplace/offers/:id/counter",
  accept: "/api/marketplace/offers/:id/accept",
  decline: "/api/marketplace/offers/:id/decline",
  withdraw: "/api/marketplace/offers/:id/withdraw",
  floor: "/api/marketplace/floor",
  newsletter: "/api/marketplace/newsletter",
  listing: "/api/marketplace/listings/:id",
  transactions: "/api/marketplace/transactions",
  transaction: "/api/marketplace/transactions/:id",
  confirmTransfer: "/api/marketplace/transactions/:id/confirm-transfer",
  acceptTransaction: "/api/marketplace/transactions/:id/accept",
  dispute: "/api/marketplace/transactions/:id/dispute",
  statement: "/api/marketplace/transactions/:id/statement",
  cancel: "/api/marketplace/transactions/:id/cancel",
  leaseRedirect: "/api/marketplace/transactions/:id/redirect",
  leaseQuote: "/api/marketplace/listings/:id/lease-quote",
} as const;
