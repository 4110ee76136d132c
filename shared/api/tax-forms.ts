import { z } from "zod";
import { ZMoney } from "../money";

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
