import { z } from "zod";
import { ZMoney, ZSignedMoney } from "../../money";
import { ADMIN_API, ZAdminPageQuery } from "./console";

/** The console's payout review (docs/security.md#staff-and-the-operator-console): held payouts, approved or rejected by staff. */
export const ADMIN_PAYOUTS_PATHS = {
  list: `${ADMIN_API}/payouts`,
  approve: "/api/admin/payouts/:id/approve",
  reject: "/api/admin/payouts/:id/reject",
  missingTaxForms: "/api/admin/tax-forms/missing",
  yearEndTaxForms: "/api/admin/tax-forms/year-end/:year",
} as const;

/** Where a payout stands; the review queue shows `held` unless asked for another (or `all`). */
export const PAYOUT_STATUSES = ["held", "processing", "completed", "failed", "rejected"] as const;

/** A page of payouts, newest first; `q` matches part of the owner's email or the PayPal email. */
export const ZAdminPayoutsQuery = ZAdminPageQuery.extend({
  status: z.enum([...PAYOUT_STATUSES, "all"]).default("held"),
});
export type TAdminPayoutsQuery = z.output<typeof ZAdminPayoutsQuery>;

export const ZAdminPayoutParams = z.object({ id: z.uuid("Unknown payout") });

/** One payout as staff review it, with its owner's payout history. */
export const ZAdminPayout = z.object({
  id: z.string(),
  amount: ZMoney,
  paypalEmail: z.string(),
  status: z.string(),
  holdReason: z.string().nullable(),
  rejectReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), createdAt: z.string() }),
  /**
   * The payee's state now: suspended by staff (with the reason) or locked down by its owner
   * (payouts frozen until the password is changed). Either way the payout cannot be approved.
   */
  payee: z.object({
    suspended: z.boolean(),
    suspendReason: z.string().nullable(),
    lockedDown: z.boolean(),
  }),
  /** The owner's completed payouts before this one: how many, their sum, and the last one's account. */
  history: z.object({
    completed: z.number(),
    completedTotal: ZSignedMoney,
    lastPaypalEmail: z.string().nullable(),
  }),
});
export type TAdminPayout = z.infer<typeof ZAdminPayout>;

export const ZRejectPayoutBody = z.object({
  reason: z
    .string()
    .trim()
    .min(3, "Say why the payout is rejected")
    .max(500, "Keep the reason under 500 characters"),
});
