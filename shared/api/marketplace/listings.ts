import { z } from "zod";
import { ZMoney, ZSignedMoney } from "../../money";
import { isRealTime, readSortCursor, ZCursorText } from "../v1/common";

/** Highest asking or sale price the marketplace accepts, in dollars. */
export const MAX_LISTING_PRICE_CENTS = 10_000_000_00;
/** Longest message a buyer may send a seller. */
export const MAX_CONTACT_MESSAGE_LENGTH = 2_000;

/**
 * A price in dollars, as a number or a decimal string with at most two places, more than zero
 * and at most $10,000,000; parsed to the canonical two-place string ("1250.00").
 */
export const ZListingPrice = z
  .union([z.number(), z.string().trim()])
  .transform((v) => (typeof v === "number" ? String(v) : v))
  .pipe(
    z
      .string()
      .regex(/^\d{1,8}(\.\d{1,2})?$/, "Enter a price in dollars with at most two decimals")
      .transform((v) => {
        const [whole, cents = ""] = v.split(".");
        return Number(whole) * 100 + Number(cents.padEnd(2, "0"));
      })
      .refine((cents) => cents > 0, "The price must be more than $0.00")
      .refine((cents) => cents <= MAX_LISTING_PRICE_CENTS, "The price can be at most $10,000,000.00")
      .transform((cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`),
  );

export const ZListDomainBody = z.object({ domainId: z.uuid("Choose a domain"), price: ZListingPrice });
export const ZMarkSoldBody = z.object({ domainId: z.uuid("Choose a domain"), price: ZListingPrice });
export const ZContactSellerBody = z.object({
  domainId: z.uuid("Choose a domain"),
  message: z
    .string()
    .trim()
    .min(1, "Please write a message to the seller.")
    .max(MAX_CONTACT_MESSAGE_LENGTH, "Your message can be at most 2,000 characters."),
});
export const ZDomainIdParams = z.object({ domainId: z.uuid("Unknown domain") });
export const ZMessageIdParams = z.object({ id: z.uuid("Unknown message") });

/** One domain for sale as every signed-in user sees it; the owner is never named. */
export const ZMarketplaceListing = z.object({
  id: z.string(),
  name: z.string(),
  tld: z.string(),
  /** Asking price, decimal string. */
  price: ZMoney,
  /** Visitors over the last 30 days. */
  visitors: z.number(),
  /** Average daily parking revenue over the last 30 days, decimal string. */
  parkingRevenue: ZSignedMoney,
  registrationDate: z.string(),
  listedAt: z.string(),
  /** True on the signed-in user's own listings. */
  isOwn: z.boolean(),
  /** While a Premium Listing (or the Premium promotion) features it: when that ends. Featured listings come first in every order. */
  featuredUntil: z.string().nullable(),
  /**
   * The owner's own listing only (null on others'): whether the name's parked page shows the price
   * with Buy now and Make offer, and what that lander brought: visits while shown, offers made and
   * sales paid by buyers who came from it.
   */
  lander: z
    .object({ shown: z.boolean(), views: z.number(), offers: z.number(), sales: z.number() })
    .nullable(),
});

/** `PUT /api/marketplace/list/{domainId}/lander`: the listing's price on its parked page, on or off. */
export const ZLanderBody = z.object({ shown: z.boolean("Say whether the page shows the price") });
export const ZLanderAnswer = z.object({ id: z.string(), shown: z.boolean() });
export type TLanderAnswer = z.infer<typeof ZLanderAnswer>;

/** A buyer's message in the seller's inbox; only the seller ever sees the sender's email. */
export const ZSellerMessage = z.object({
  id: z.string(),
  domainId: z.string(),
  domainName: z.string(),
  senderEmail: z.string(),
  message: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export const ZSellerInbox = z.object({ messages: z.array(ZSellerMessage), unreadCount: z.number() });

export const ZListingAnswer = z.object({ id: z.string(), price: ZMoney });
export const ZContactAnswer = z.object({ id: z.string() });
export const ZSaleAnswer = z.object({ id: z.string(), soldPrice: ZMoney, soldAt: z.string() });

export type TListDomainBody = z.input<typeof ZListDomainBody>;
export type TMarkSoldBody = z.input<typeof ZMarkSoldBody>;
export type TContactSellerBody = z.input<typeof ZContactSellerBody>;
export type TMarketplaceListing = z.infer<typeof ZMarketplaceListing>;
export type TSellerMessage = z.infer<typeof ZSellerMessage>;
export type TSellerInbox = z.infer<typeof ZSellerInbox>;
export type TListingAnswer = z.infer<typeof ZListingAnswer>;
export type TSaleAnswer = z.infer<typeof ZSaleAnswer>;

/** Paths of the marketplace API. */
export const marketplacePaths = {
  domains: "/api/marketplace/domains",
  /** The TLDs on offer, for the Filters panel. */
  tlds: "/api/marketplace/tlds",
  list: "/api/marketplace/list",
  unlist: "/api/marketplace/list/:domainId",
  /** The listing's price on its parked page, on or off. */
  lander: "/api/marketplace/list/:domainId/lander",
  contact: "/api/marketplace/contact",
  sold: "/api/marketplace/sold",
  messages: "/api/marketplace/messages",
  readMessage: "/api/marketplace/messages/:id/read",
} as const;

/** The marketplace's orders (`sort`), each a keyset on the server: its value, then the name. */
export const LISTING_SORTS = [
  { value: "newest", label: "Newest listed" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
  { value: "visitors-desc", label: "Most visitors" },
] as const;
export type TListingSort = (typeof LISTING_SORTS)[number]["value"];
const LISTING_SORT_VALUES = LISTING_SORTS.map((s) => s.value) as [TListingSort, ...TListingSort[]];

/** Listings per page of `GET /api/marketplace/domains` unless `limit` says otherwise. */
export const LISTINGS_DEFAULT_LIMIT = 60;

/** A price bound as typed in the Filters panel: dollars with at most two decimals. */
const ZPriceBound = z
  .string()
  .trim()
  .regex(/^\d{1,8}(\.\d{1,2})?$/, "Enter a price in dollars with at most two decimals")
  .optional();

/** What a cursor's sort value must look like for each order (checked before it reaches SQL). */
const VALUE_SHAPES: Record<TListingSort, (value: string) => boolean> = {
  newest: (value) => value === "" || isRealTime(value),
  "price-asc": (value) => /^\d{1,8}\.\d{2}$/.test(value),
  "price-desc": (value) => /^\d{1,8}\.\d{2}$/.test(value),
  "visitors-desc": (value) => /^\d{1,18}$/.test(value),
};
/** A cursor's value: "1|" after a featured listing, "0|" after another, then the order's value. */
const LISTING_VALUE_SHAPES = Object.fromEntries(
  Object.entries(VALUE_SHAPES).map(([sort, shape]) => [
    sort,
    (value: string) => /^[01]\|/.test(value) && (shape as (v: string) => boolean)(value.slice(2)),
  ]),
) as Record<TListingSort, (value: string) => boolean>;

/**
 * `GET /api/marketplace/domains`: a page of the listings in one of `LISTING_SORTS`, filtered by
 * part of the name, a price range and a TLD. The answer is the page; `X-Next-Cursor` names the
 * page after it (absent on the last) and `X-Total-Count` counts every listing the filters keep.
 */
export const ZMarketplaceQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(LISTINGS_DEFAULT_LIMIT),
    cursor: ZCursorText.optional(),
    sort: z.enum(LISTING_SORT_VALUES).default("newest"),
    q: z.string().trim().max(253).optional(),
    minPrice: ZPriceBound,
    maxPrice: ZPriceBound,
    tld: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/, "Unknown TLD")
      .max(63)
      .optional(),
  })
  .transform(readSortCursor(LISTING_VALUE_SHAPES));
export type TMarketplaceQuery = z.output<typeof ZMarketplaceQuery>;
export type TMarketplaceQueryInput = z.input<typeof ZMarketplaceQuery>;
