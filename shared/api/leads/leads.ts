import { z } from "zod";

import { LEAD_SOURCE, LEAD_VALUE, ZLeadEmail, ZZipCode } from "./form";

// The form's rules, in zod's small build, are the ones the API parses.
export {
  LEAD_SOURCE,
  LEAD_VALUE,
  LEADS_PATH,
  QUOTES_TAB_DELAY_MS,
  type TLeadAnswer,
  ZLeadAnswer,
  ZLeadEmail,
  ZZipCode,
} from "./form";

export const ZLeadBody = z.object({
  email: ZLeadEmail,
  zipCode: ZZipCode,
  source: z.literal(LEAD_SOURCE),
  value: z.literal(LEAD_VALUE),
});

export type TLeadBody = z.infer<typeof ZLeadBody>;

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
