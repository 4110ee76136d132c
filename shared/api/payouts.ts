import { z } from "zod";
import { moneyInput, toCents, ZMoney, ZSignedMoney } from "../money";
import { PAYOUT_FREQUENCIES, PAYOUT_MINIMUM, TEST_PAYMENT } from "../prices";

/** The Payments page's endpoints, and the sandbox wallet's. */
export const PAYMENT_PATHS = {
  balance: "/api/payments/balance",
  methods: "/api/payments/methods",
  settings: "/api/payments/settings",
  payout: "/api/payments/payout",
  transactions: "/api/transactions",
  paypalSetup: "/api/paypal/setup",
  paypalOrder: "/api/paypal/order",
  paypalCapture: "/api/paypal/order/:id/capture",
  payoutAccount: "/api/payouts/account",
  payoutRail: "/api/payouts/rail",
  bankAccount: "/api/payouts/bank-account",
  taxFormCurrent: "/api/tax-forms/current",
  taxForms: "/api/tax-forms",
  taxFormCurrentPdf: "/api/tax-forms/current.pdf",
  taxFormYearEnd: "/api/tax-forms/year-end/:year",
} as const;

const ZAmount = moneyInput();

const payoutFrequencyIds = PAYOUT_FREQUENCIES.map((f) => f.id) as [
  (typeof PAYOUT_FREQUENCIES)[number]["id"],
  ...(typeof PAYOUT_FREQUENCIES)[number]["id"][],
];
export const ZPayoutFrequency = z.enum(payoutFrequencyIds);
export type TPayoutFrequency = z.infer<typeof ZPayoutFrequency>;

/** Pending funds whose hold ends on one UTC day. */
export const ZRelease = z.object({ date: z.string(), amount: ZSignedMoney });
export type TRelease = z.infer<typeof ZRelease>;

/**
 * `GET /api/payments/balance`: the held-funds ledger (docs/money.md), each figure a sum of its rows.
 * `availableBalance` can be withdrawn (negative after a reversal of funds already paid out),
 * `pendingBalance` waits for its holds to end (the next of them in `nextReleases`), `paidOut` has
 * left in completed payouts, `inReview` (a decimal string) is reserved by payouts held for review
 * or still being sent, `awaitingBuyerPayment` is the part of pending that waits for a lead buyer
 * to pay its invoice before its hold can end (docs/money.md#buyer-invoices). Reported revenue is
 * never in any of them.
 */
export const ZBalance = z.object({
  availableBalance: ZSignedMoney,
  pendingBalance: ZSignedMoney,
  paidOut: ZSignedMoney,
  inReview: ZMoney,
  nextReleases: z.array(ZRelease),
  awaitingBuyerPayment: ZSignedMoney,
  currency: z.literal("USD"),
});
export type TBalance = z.infer<typeof ZBalance>;

/**
 * `GET` and `PUT /api/payments/settings`: the payout minimum (at least $50), frequency and auto
 * payout, and the PayPal email of the last payout (the transfer form starts from it).
 */
export const ZPaymentSettings = z.object({
  minPayout: ZMoney,
  payoutFrequency: ZPayoutFrequency,
  autoPayout: z.boolean(),
  lastPayoutEmail: z.string().nullable(),
});
export type TPaymentSettings = z.infer<typeof ZPaymentSettings>;

export const ZPaymentSettingsBody = z.object({
  /** A number (as the settings page has always sent it) or a decimal string; kept as exact two-decimal text. */
  minPayout: moneyInput("Enter an amount in dollars and cents.")
    .refine((a) => toCents(a) >= toCents(PAYOUT_MINIMUM), "Minimum payout must be at least $50.")
    .refine((a) => toCents(a) <= toCents("1000000.00"), "Minimum payout is too large."),
  payoutFrequency: ZPayoutFrequency,
  /** Optional: the settings page of the spec does not send it; docs/product.md#figures-that-are-real saves it when sent. */
  autoPayout: z.boolean().optional(),
});
/** What a client sends. */
export type TPaymentSettingsBody = z.input<typeof ZPaymentSettingsBody>;
/** What the server saves: the minimum as exact two-decimal text. */
export type TPaymentSettingsUpdate = z.output<typeof ZPaymentSettingsBody>;

/** `POST /api/payments/payout`. */
export const ZPayoutBody = z.object({
  amount: ZAmount.refine((a) => toCents(a) >= toCents(PAYOUT_MINIMUM), "The minimum payout is $50.00"),
  /** Required for a PayPal payout; a payee paid to a bank account (Stripe Connect) leaves it out. */
  paypalEmail: z.string().trim().max(254).pipe(z.email("Enter the email of your PayPal account")).optional(),
});

/**
 * `POST /api/payments/payout`'s optional header: a payout asked for again under a key already used
 * is answered as the first time (with `Idempotent-Replayed: true`), not made again; the same key
 * with another amount or destination is refused. The payout dialog sends one key per opening.
 */
export const PAYOUT_REQUEST_KEY_HEADER = "Idempotency-Key";
export const ZPayoutRequestKey = z
  .string()
  .regex(/^[\x21-\x7e]{8,255}$/, "An Idempotency-Key is 8 to 255 visible ASCII characters");

/** `PUT /api/payouts/rail`: PayPal one payout at a time, or in the next batch run. */
export const ZPayPalRailBody = z.object({ rail: z.enum(["paypal", "paypal-batch"]) });
export type TPayoutBody = z.input<typeof ZPayoutBody>;

export const ZPayoutAnswer = z.object({
  id: z.string(),
  amount: ZMoney,
  status: z.string(),
  message: z.string(),
});
export type TPayoutAnswer = z.infer<typeof ZPayoutAnswer>;

/** One row of `GET /api/transactions`: payments, payouts and test payments, newest first. */
export const ZTransaction = z.object({
  id: z.string(),
  type: z.string(),
  description: z.string(),
  amount: ZSignedMoney,
  paymentMethod: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type TTransaction = z.infer<typeof ZTransaction>;

/** One entry of `GET /api/payments/methods`. */
export const ZPaymentMethod = z.object({
  id: z.enum(["stripe", "paypal"]),
  name: z.string(),
  kind: z.enum(["card", "wallet"]),
  /** "live" with the provider's keys configured, "sandbox" otherwise (no money moves). */
  mode: z.enum(["live", "sandbox"]),
  usedFor: z.array(z.enum(["checkout", "payouts"])),
});
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

/** The wallet test flow: `GET /api/paypal/setup`. */
export const ZPayPalSetup = z.object({
  clientToken: z.string().nullable(),
  clientId: z.string().nullable(),
  mode: z.enum(["live", "sandbox"]),
});
export type TPayPalSetup = z.infer<typeof ZPayPalSetup>;

/** `POST /api/paypal/order`: a test payment (default 100 USD, intent capture). */
export const ZTestOrderBody = z.object({
  amount: ZAmount.refine((a) => toCents(a) > 0, "Enter an amount above zero").refine(
    (a) => toCents(a) <= 1_000_000,
    "Test payments are limited to $10,000",
  ),
  currency: z.literal(TEST_PAYMENT.currency),
  intent: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.literal(TEST_PAYMENT.intent)),
});
export type TTestOrderBody = z.input<typeof ZTestOrderBody>;
/** A wallet test order's id in `/api/paypal/order/{id}/capture`. */
export const ZTestOrderParams = z.object({ id: z.string().min(1).max(64) });

export const ZTestOrderAnswer = z.object({ id: z.string() });
export const ZTestCaptureAnswer = z.object({ id: z.string(), status: z.string(), amount: ZMoney });
export type TTestCaptureAnswer = z.infer<typeof ZTestCaptureAnswer>;

/** Where an SSN cannot start, or what its parts cannot be (SSA: area 000, 666, 9xx; group 00; serial 0000). */
function isValidSsn(digits: string): boolean {
  const area = digits.slice(0, 3);
  if (area === "000" || area === "666" || area.startsWith("9")) return false;
  return digits.slice(3, 5) !== "00" && digits.slice(5) !== "0000";
}

/** The EIN prefixes the IRS assigns (irs.gov, "How EINs are assigned and valid EIN prefixes"). */
const EIN_PREFIXES = new Set(
  ["01-06", "10-16", "20-27", "30-39", "40-48", "50-68", "71-77", "80-88", "90-95", "98-99"].flatMap(
    (range) => {
      const [from, to] = range.split("-").map(Number);
      return Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(2, "0"));
    },
  ),
);

/** A TIN as typed (dashes and spaces allowed): its nine digits, or null when its format is wrong. */
export function tinDigits(type: "ssn" | "ein", value: string): string | null {
  const digits = value.replace(/[\s-]/g, "");
  if (!/^\d{9}$/.test(digits)) return null;
  if (type === "ssn") return isValidSsn(digits) ? digits : null;
  return EIN_PREFIXES.has(digits.slice(0, 2)) ? digits : null;
}

const name = (label: string) => z.string().trim().min(2, `Enter the ${label}`).max(200);
const certified = z.literal(true, { error: "You must certify the form to sign it" });
const country = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "Choose a country");

/** A W-8's claim of treaty benefits (Part II): the treaty country, the article and the rate claimed. */
export const ZTreatyClaim = z.object({
  country,
  article: z.string().trim().min(1, "Enter the treaty article").max(40),
  rate: z
    .string()
    .trim()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, "Enter the rate in percent, e.g. 0 or 15"),
});

/** `POST /api/tax-forms`: one of the three forms, signed (certified) by the name typed. */
export const ZTaxFormBody = z.discriminatedUnion("kind", [
  z
    .object({
      kind: z.literal("w9"),
      legalName: name("name on your tax return"),
      /** Absent: no TIN given, and 24% of every payout is withheld (backup withholding). */
      tinType: z.enum(["ssn", "ein"]).optional(),
      tin: z.string().trim().max(20).optional(),
      address: z.string().trim().min(5, "Enter your US address").max(400),
      signatureName: name("your name as your signature"),
      certified,
    })
    .superRefine((form, ctx) => {
      if (!form.tin) return;
      if (!form.tinType)
        ctx.addIssue({ code: "custom", path: ["tinType"], message: "Say whether it is an SSN or an EIN" });
      else if (!tinDigits(form.tinType, form.tin))
        ctx.addIssue({
          code: "custom",
          path: ["tin"],
          message:
            form.tinType === "ssn"
              ? "Enter a valid SSN: nine digits, e.g. 123-45-6789"
              : "Enter a valid EIN: nine digits, e.g. 12-3456789",
        });
    }),
  z.object({
    kind: z.enum(["w8ben", "w8ben-e"]),
    legalName: name("name of the beneficial owner"),
    country: country.refine((c) => c !== "US", "US persons sign a W-9"),
    address: z.string().trim().min(5, "Enter your permanent residence address").max(400),
    treatyClaim: ZTreatyClaim.nullable().optional(),
    signatureName: name("your name as your signature"),
    certified,
  }),
]);
export type TTaxFormBody = z.input<typeof ZTaxFormBody>;

/** The form on file, as its payee sees it: never the TIN, only its last four. */
export const ZTaxFormSummary = z.object({
  id: z.string(),
  kind: z.enum(["w9", "w8ben", "w8ben-e"]),
  legalName: z.string(),
  country: z.string(),
  tinLast4: z.string().nullable(),
  tinType: z.enum(["ssn", "ein"]).nullable(),
  signedAt: z.string(),
  /** True on a W-9 without a TIN: 24% of each payout is withheld. */
  backupWithholding: z.boolean(),
});
export type TTaxFormSummary = z.infer<typeof ZTaxFormSummary>;
export const ZTaxFormAnswer = z.object({ form: ZTaxFormSummary.nullable() });

/** One payee of `GET /api/admin/tax-forms/missing`: money owed or paid, and no form on file. */
export const ZMissingTaxForm = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  available: ZMoney,
  paidOut: ZMoney,
});
export type TMissingTaxForm = z.infer<typeof ZMissingTaxForm>;

export const ZYearParams = z.object({
  year: z.coerce.number().int().min(2000, "Choose a year from 2000").max(2100, "Choose a year before 2100"),
});
