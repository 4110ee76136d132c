import { z } from "zod";
import { paged, ZTimeIdCursor } from "../v1/common";

/** The operator console's API root (docs/security.md#staff-and-the-operator-console); to anyone but staff with a second factor it answers 404. */
export const ADMIN_API = "/api/admin";

/** `GET /api/admin/me`: the staff member the console is open for. */
export const ZStaffMe = z.object({
  staff: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type TStaffMe = z.infer<typeof ZStaffMe>;

/** The console's sections, in nav order; each is a page at `/admin/<path>`. */
export const ADMIN_SECTIONS = [
  { path: "work-orders", label: "Work orders" },
  { path: "tickets", label: "Tickets" },
  { path: "refunds", label: "Refunds" },
  { path: "disputes", label: "Disputes" },
  { path: "chargebacks", label: "Chargebacks" },
  { path: "unmatched-payments", label: "Unmatched payments" },
  { path: "payouts", label: "Payouts" },
  { path: "leads", label: "Leads" },
  { path: "lead-buyers", label: "Lead buyers" },
  { path: "users", label: "Users" },
  { path: "appraisals", label: "Appraisals" },
] as const;

export type TAdminSection = (typeof ADMIN_SECTIONS)[number]["path"];

/** Rows per console page. */
export const ADMIN_PAGE_SIZE = 25;

/**
 * Every console list pages on the server, newest first: `cursor` is the `nextCursor` of the page
 * before (time and id, as the public API's), `q` a free-text search each list defines.
 */
export const ZAdminPageQuery = z.object({
  cursor: ZTimeIdCursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE),
  q: z.string().trim().max(200).optional(),
});
export type TAdminPageQuery = z.infer<typeof ZAdminPageQuery>;

/** A console list's answer: one page of rows and the cursor of the next (null on the last). */
export const adminPage = paged;

/** The area's API paths, as Express patterns (filled in with `pathTo`). */
export const ADMIN_CONSOLE_PATHS = {
  me: "/api/admin/me",
} as const;
