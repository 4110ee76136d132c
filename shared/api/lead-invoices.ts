import { z } from "zod";
import { ZSignedMoney } from "../money";
import { ZCheckoutProvider } from "./checkout";

/**
 * A lead buyer's invoice as its public page shows it (docs/money.md#buyer-invoices): reached
 * with the secret token of its pay link, signed out.
 */
export const LEAD_INVOICE_PATHS = {
  one: (token: string) => `/api/lead-invoices/${encodeURIComponent(token)}`,
  checkout: (token: string) => `/api/lead-invoices/${encodeURIComponent(token)}/checkout`,
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
