import { z } from "zod";

/** The operator console's API root (DESIGN §18); to anyone but staff with a second factor it answers 404. */
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
  { path: "payouts", label: "Payouts" },
  { path: "leads", label: "Leads" },
  { path: "users", label: "Users" },
] as const;
