import { z } from "zod";
import { ZMoney } from "../../money";
import { ZDay, ZTimeIdCursor } from "../v1/common";
import { ADMIN_API } from "./console";

/** The console's leads (docs/security.md#staff-and-the-operator-console): search, returns, export, counts. */
export const ADMIN_LEADS_PATHS = {
  list: `${ADMIN_API}/leads`,
  export: `${ADMIN_API}/leads/export`,
  counts: `${ADMIN_API}/leads/counts`,
  return: "/api/admin/leads/:id/return",
} as const;

/** Which leads: captured from `from` to `to` (UTC days, both included), on a host, a ZIP, a state, returned or flagged. */
export const ZAdminLeadFilter = z
  .object({
    from: ZDay.optional(),
    to: ZDay.optional(),
    /** Part of the host the lead was sent from, any case. */
    host: z.string().trim().toLowerCase().max(253).optional(),
    zip: z
      .string()
      .trim()
      .regex(/^\d{5}$/, "Enter a 5-digit ZIP code")
      .optional(),
    state: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "Enter a two-letter state")
      .optional(),
    returned: z.enum(["yes", "no"]).optional(),
    /** Leads that credited nothing because they looked like the owner's own, or were past the domain's cap. */
    flagged: z.enum(["yes", "no"]).optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, {
    message: "The range ends before it starts",
    path: ["to"],
  });
export type TAdminLeadFilter = z.output<typeof ZAdminLeadFilter>;
export type TAdminLeadFilterInput = z.input<typeof ZAdminLeadFilter>;

/** A page of leads, newest first. */
export const ZAdminLeadsQuery = z.intersection(
  ZAdminLeadFilter,
  z.object({
    cursor: ZTimeIdCursor.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  }),
);

/** One lead as staff see it: who sent it, where, which owner it was credited to, and whether it was returned. */
export const ZAdminLead = z.object({
  id: z.string(),
  email: z.string(),
  zipCode: z.string(),
  city: z.string(),
  state: z.string(),
  host: z.string(),
  domainName: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  value: ZMoney,
  returnedAt: z.string().nullable(),
  /** Why the lead credited nothing (the owner's own browser, device or address; the domain's daily cap). */
  flagReason: z.string().nullable(),
  /** pending, sold, unsold, or none (not for sale). */
  saleStatus: z.string(),
  buyerName: z.string().nullable(),
  salePrice: ZMoney.nullable(),
  returnReason: z.string().nullable(),
  /** What the visitor agreed to: the consent text's version, when, on which page, address and browser. */
  consent: z
    .object({
      version: z.string(),
      text: z.string(),
      at: z.string(),
      pageUrl: z.string(),
      ip: z.string(),
      userAgent: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type TAdminLead = z.infer<typeof ZAdminLead>;

export const ZReturnLeadBody = z.object({
  reason: z
    .string()
    .trim()
    .min(3, "Say why the lead is returned")
    .max(500, "Keep the reason under 500 characters"),
});

/** Leads and returns per host and per UTC day, over a range. */
export const ZAdminLeadCounts = z.object({
  byHost: z.array(z.object({ host: z.string(), leads: z.number(), returned: z.number() })),
  byDay: z.array(z.object({ day: z.string(), leads: z.number(), returned: z.number() })),
});
export type TAdminLeadCounts = z.infer<typeof ZAdminLeadCounts>;
