import { z } from "zod";

/** Where the landing page sends a lead. */
export const LEADS_PATH = "/api/leads";

/** docs/product.md#constants: every landing lead carries this source and value. */
export const LEAD_SOURCE = "car-insurance-landing";
export const LEAD_VALUE = 75;
/** The quotes tab opens this long after a successful lead, docs/product.md#constants. */
export const QUOTES_TAB_DELAY_MS = 2000;

export const ZLeadEmail = z.string().trim().max(254).pipe(z.email("Please enter a valid email address"));
export const ZZipCode = z.string().regex(/^\d{5}$/, "ZIP code must be exactly 5 digits");

export const ZLeadBody = z.object({
  email: ZLeadEmail,
  zipCode: ZZipCode,
  source: z.literal(LEAD_SOURCE),
  value: z.literal(LEAD_VALUE),
});

export type TLeadBody = z.infer<typeof ZLeadBody>;

/** What `POST /api/leads` answers: where the visitor's quotes tab should go. */
export const ZLeadAnswer = z.object({ id: z.string(), quotesUrl: z.string() });
export type TLeadAnswer = z.infer<typeof ZLeadAnswer>;

/** `GET /api/leads/summary`: what became of the leads on the owner's domains. */
export const LEADS_SUMMARY_PATH = "/api/leads/summary";

const ZLeadCounts = z.object({
  /** Sold to a buyer and kept. */
  sold: z.number().int(),
  /** Nobody bought them: stored, credited nothing. */
  unsold: z.number().int(),
  /** Sold, then returned by the buyer: the share was reversed. */
  returned: z.number().int(),
  /** Being offered to buyers right now. */
  selling: z.number().int(),
  /** The owner's share of the kept sales. */
  earned: z.string(),
});
export const ZLeadSummary = z.object({ last30Days: ZLeadCounts, allTime: ZLeadCounts });
export type TLeadSummary = z.infer<typeof ZLeadSummary>;
