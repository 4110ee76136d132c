import { z } from "zod";
import { moneyInput, moneyString, ZMoney, ZSignedMoney } from "../money";
import { ADMIN_API } from "./admin/console";
import { ZCheckoutProvider } from "./checkout";

/** The console's lead buyers (docs/money.md#lead-sales): list, add, edit, pause, and each one's log. */
export const ADMIN_LEAD_BUYERS_PATHS = {
  list: `${ADMIN_API}/lead-buyers`,
  one: "/api/admin/lead-buyers/:id",
  calls: "/api/admin/lead-buyers/:id/calls",
  invoices: "/api/admin/lead-buyers/:id/invoices",
  voidInvoice: "/api/admin/lead-buyers/:id/invoices/:invoiceId/void",
} as const;

/** Where a buyer returns a lead it bought (signed like every request of the protocol). */
export const LEAD_RETURNS_PATH = "/api/webhooks/lead-returns";

/** The header every request of the protocol carries: `sha256=<hex HMAC-SHA256 of the body>`. */
export const LEAD_SIGNATURE_HEADER = "X-ParkPilot-Signature";
/** The header a post carries so that a post sent again (a retry, a resumed sale) is recognised. */
export const LEAD_IDEMPOTENCY_HEADER = "Idempotency-Key";
/** On a return, which buyer is speaking (its secret checks the signature). */
export const LEAD_BUYER_HEADER = "X-ParkPilot-Buyer";

/** Why a buyer may return a lead; anything else (did not buy, already insured) is not a return. */
export const LEAD_RETURN_REASONS = {
  wrong_data: "Wrong data",
  duplicate: "Duplicate",
  consumer_denies: "Consumer denies asking",
} as const;
export type TLeadReturnReason = keyof typeof LEAD_RETURN_REASONS;
export const ZLeadReturnReason = z.enum(
  Object.keys(LEAD_RETURN_REASONS) as [TLeadReturnReason, ...TLeadReturnReason[]],
);

const ZState = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "Use two-letter states, e.g. CA");
const ZZipPrefix = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, "Use ZIP prefixes of 1 to 5 digits, e.g. 902");
const ZHttpUrl = z
  .url("Enter a full URL")
  .max(2000)
  .refine((u) => /^https?:\/\//i.test(u), "Use an http or https URL");
const ZCap = z.coerce.number().int().min(1, "A cap is at least 1").max(1_000_000).nullable();
const ZClock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a time like 08:00");

/** When a buyer buys: weekdays (0 is Sunday) and a daily window in its time zone. */
export const ZBuyerSchedule = z
  .object({
    days: z.array(z.number().int().min(0).max(6)).min(1, "Pick at least one day").max(7),
    from: ZClock,
    to: ZClock,
    timeZone: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat("en-US", { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, "Unknown time zone"),
  })
  .refine((s) => s.from < s.to, { message: "The window ends before it starts", path: ["to"] });
export type TBuyerSchedule = z.infer<typeof ZBuyerSchedule>;

/** A buyer as staff add or edit it; the secret may be left out on edit (kept as it is). */
export const ZLeadBuyerInput = z
  .object({
    name: z.string().trim().min(1, "Name the buyer").max(100),
    pingUrl: ZHttpUrl,
    postUrl: ZHttpUrl,
    secret: z.string().min(16, "Use a secret of 16+ characters").max(200).optional(),
    priceModel: z.enum(["fixed", "bid"]),
    fixedPrice: moneyInput("Enter the price in dollars and cents").nullable().optional(),
    states: z.array(ZState).max(60).default([]),
    zipPrefixes: z.array(ZZipPrefix).max(500).default([]),
    dailyCap: ZCap.optional(),
    monthlyCap: ZCap.optional(),
    schedule: ZBuyerSchedule.nullable().optional(),
    active: z.boolean().default(true),
    /** Where its monthly invoices are mailed (docs/money.md#buyer-invoices). */
    billingEmail: z.email("Enter an email address").max(320).nullable().optional(),
  })
  .refine((b) => b.priceModel !== "fixed" || (b.fixedPrice && b.fixedPrice !== "0.00"), {
    message: "A fixed-price buyer needs its price",
    path: ["fixedPrice"],
  });
export type TLeadBuyerInput = z.input<typeof ZLeadBuyerInput>;
export type TLeadBuyerValues = z.output<typeof ZLeadBuyerInput>;

/** A buyer as the console shows it (never its secret). */
export const ZLeadBuyer = z.object({
  id: z.string(),
  name: z.string(),
  pingUrl: z.string(),
  postUrl: z.string(),
  priceModel: z.enum(["fixed", "bid"]),
  fixedPrice: ZMoney.nullable(),
  states: z.array(z.string()),
  zipPrefixes: z.array(z.string()),
  dailyCap: z.number().nullable(),
  monthlyCap: z.number().nullable(),
  schedule: ZBuyerSchedule.nullable(),
  active: z.boolean(),
  /** `config`: given by LEAD_BUYERS (edited there, not here); `console`: added by staff. */
  source: z.enum(["config", "console"]),
  billingEmail: z.string().nullable(),
  soldToday: z.number(),
  soldThisMonth: z.number(),
  createdAt: z.string(),
});
export type TLeadBuyer = z.infer<typeof ZLeadBuyer>;

/** `GET /api/admin/lead-buyers`: the buyers and who buys when there are none. */
export const ZLeadBuyerList = z.object({
  buyers: z.array(ZLeadBuyer),
  /** `sandbox`: no active buyer, a built-in test buyer buys every lead (development and tests); `unsold`: none, leads are stored unsold (production); `buyers`: sold to the buyers. */
  mode: z.enum(["buyers", "sandbox", "unsold"]),
});
export type TLeadBuyerList = z.infer<typeof ZLeadBuyerList>;

/** One answer or error of a buyer. */
export const ZLeadBuyerCall = z.object({
  id: z.string(),
  leadId: z.string().nullable(),
  kind: z.enum(["ping", "post", "return"]),
  outcome: z.string(),
  bid: ZMoney.nullable(),
  detail: z.string().nullable(),
  durationMs: z.number(),
  createdAt: z.string(),
});
export type TLeadBuyerCall = z.infer<typeof ZLeadBuyerCall>;

/** A buyer's issued invoice as the console shows it, with the link the buyer pays it at. */
export const ZIssuedLeadInvoice = z.object({
  id: z.string(),
  /** "LI-000042". */
  number: z.string(),
  month: z.string(),
  status: z.enum(["open", "paid", "void", "refunded"]),
  total: ZMoney,
  charged: z.number(),
  credited: z.number(),
  dueAt: z.string(),
  paidAt: z.string().nullable(),
  provider: z.string().nullable(),
  providerPaymentId: z.string().nullable(),
  /** Absolute URL of the public invoice page. */
  payUrl: z.string(),
  createdAt: z.string(),
});
export type TIssuedLeadInvoice = z.infer<typeof ZIssuedLeadInvoice>;

/** `POST /api/admin/lead-buyers/{id}/invoices`: issue the invoice of a closed UTC month (once). */
export const ZIssueLeadInvoiceBody = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Use a month like 2026-10"),
});
export type TIssueLeadInvoiceBody = z.infer<typeof ZIssueLeadInvoiceBody>;

/** A buyer's month: the leads it bought, those it returned, what it owes, and its invoice once issued. */
export const ZLeadBuyerInvoice = z.object({
  month: z.string(),
  leads: z.array(
    z.object({
      leadId: z.string(),
      soldAt: z.string(),
      price: ZMoney,
      returnedAt: z.string().nullable(),
    }),
  ),
  sold: z.number(),
  returned: z.number(),
  total: ZMoney,
  invoice: ZIssuedLeadInvoice.nullable(),
});
export type TLeadBuyerInvoice = z.infer<typeof ZLeadBuyerInvoice>;

/** `LEAD_BUYERS`: buyers given by a deployment's configuration. */
export const ZConfiguredLeadBuyers = z
  .array(
    z.object({
      name: z.string().trim().min(1).max(100),
      pingUrl: ZHttpUrl,
      postUrl: ZHttpUrl,
      secret: z.string().min(16).max(200),
      states: z.array(ZState).max(60).optional(),
      dailyCap: z.number().int().min(1).optional(),
    }),
  )
  .max(50)
  .refine(
    (list) => new Set(list.map((b) => b.name.toLowerCase())).size === list.length,
    "Buyer names must differ",
  );
export type ConfiguredLeadBuyer = z.infer<typeof ZConfiguredLeadBuyers>[number];

/** The protocol's ping answer: a price, or null for no interest. */
export const ZPingAnswer = z.object({
  bid: moneyString('bid must be a decimal string such as "40.00"').nullable(),
});
/** The protocol's post answer. */
export const ZPostAnswer = z.union([
  z.object({ accepted: z.literal(true), buyerLeadId: z.string().max(200).optional() }),
  z.object({ accepted: z.literal(false), reason: z.string().max(500).optional() }),
]);
/** A buyer's return of a lead it bought. */
export const ZLeadReturnRequest = z.object({ leadId: z.uuid(), reason: ZLeadReturnReason });

/**
 * A lead buyer's invoice as its public page shows it (docs/money.md#buyer-invoices): reached
 * with the secret token of its pay link, signed out.
 */
export const LEAD_INVOICE_PATHS = {
  one: "/api/lead-invoices/:token",
  checkout: "/api/lead-invoices/:token/checkout",
  sandbox: "/api/lead-invoices/:token/sandbox",
  sandboxPay: "/api/lead-invoices/:token/sandbox/pay",
  sandboxCancel: "/api/lead-invoices/:token/sandbox/cancel",
  paypalReturn: "/api/lead-invoices/:token/paypal-return",
} as const;

export { LEAD_INVOICE_PAGE_ROUTE } from "../page-paths";
export const leadInvoicePagePath = (token: string) => `/pay/invoice/${encodeURIComponent(token)}`;

/** A pay token in a path: anything that is not one is answered 404. */
export const ZLeadInvoiceTokenParams = z.object({ token: z.string().min(1).max(100) });

export const ZPublicLeadInvoice = z.object({
  number: z.string(),
  buyerName: z.string(),
  month: z.string(),
  status: z.enum(["open", "paid", "void", "refunded"]),
  total: ZSignedMoney,
  dueAt: z.string(),
  paidAt: z.string().nullable(),
  lines: z.array(
    z.object({
      leadId: z.string(),
      /** `charge`: a lead kept; `credit`: a lead returned after an earlier invoice. */
      kind: z.enum(["charge", "credit"]),
      amount: ZSignedMoney,
      soldAt: z.string(),
    }),
  ),
});
export type TPublicLeadInvoice = z.infer<typeof ZPublicLeadInvoice>;

/** `POST /api/lead-invoices/{token}/checkout`: the provider; the amount is the invoice's own. */
export const ZLeadInvoiceCheckoutBody = z.object({ provider: ZCheckoutProvider });
