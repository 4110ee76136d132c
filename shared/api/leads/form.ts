import * as z from "zod/mini";

/**
 * The landing page's lead form and the answer it reads, in zod's small build (`zod/mini`): the
 * form checks a visitor's entry with exactly the rules `POST /api/leads` parses (shared/api/leads/leads.ts
 * builds its body from these), and loads a few kilobytes for it rather than all of zod.
 */

/** Where the landing page sends a lead. */
export const LEADS_PATH = "/api/leads";

/** docs/product.md#constants: every landing lead carries this source and value. */
export const LEAD_SOURCE = "car-insurance-landing";
export const LEAD_VALUE = 75;
/** The quotes tab opens this long after a successful lead, docs/product.md#constants. */
export const QUOTES_TAB_DELAY_MS = 2000;

export const ZLeadEmail = z.pipe(
  z.string().check(z.trim(), z.maxLength(254)),
  z.email("Please enter a valid email address"),
);
export const ZZipCode = z.string().check(z.regex(/^\d{5}$/, "ZIP code must be exactly 5 digits"));

/** What `POST /api/leads` answers: where the visitor's quotes tab should go. */
export const ZLeadAnswer = z.object({ id: z.string(), quotesUrl: z.string() });
export type TLeadAnswer = z.infer<typeof ZLeadAnswer>;
