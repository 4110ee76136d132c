import { z } from "zod";
import { isDecimalAmount, toCents, ZMoney } from "../../money";
import { TRANSACTION_STATUSES, ZDisputeStatement } from "../marketplace/deals";
import { ADMIN_API } from "./console";

/**
 * The console's disputed escrow sales (docs/marketplace.md#escrow-sales): each side's statement,
 * the transfer evidence as stored, and the three decisions, all through the money core.
 */
export const ADMIN_SALES_PATHS = {
  disputes: `${ADMIN_API}/sales/disputes`,
  release: "/api/admin/sales/:id/release",
  refund: "/api/admin/sales/:id/refund",
  partialRefund: "/api/admin/sales/:id/partial-refund",
} as const;

const ZReason = z.string().trim().min(1, "Say why.").max(2_000, "At most 2,000 characters.");

/** Release to the seller, or refund the buyer in whole: why, kept with the decision and told to both sides. */
export const ZDisputeDecisionBody = z.object({ reason: ZReason });
export type TDisputeDecisionBody = z.infer<typeof ZDisputeDecisionBody>;

/** Refund the buyer part of the price and release the rest to the seller. */
export const ZDisputePartialRefundBody = z.object({
  amount: z
    .string()
    .trim()
    .refine(isDecimalAmount, "Enter an amount such as 250.00")
    .refine((a) => !isDecimalAmount(a) || toCents(a) > 0, "A refund is more than $0.00"),
  reason: ZReason,
});
export type TDisputePartialRefundBody = z.infer<typeof ZDisputePartialRefundBody>;

const ZParty = z.object({ id: z.string(), email: z.string().nullable() });

/** A copy of the sold name as stored: who holds it, whether its proof passes, and when it was last checked. */
const ZNameState = z.object({
  status: z.string(),
  verifiedAt: z.string().nullable(),
  verifiedBy: z.string().nullable(),
  checkedAt: z.string().nullable(),
  failingSince: z.string().nullable(),
});

/** A disputed sale as staff decide it. */
export const ZAdminDispute = z.object({
  id: z.string(),
  domainName: z.string(),
  kind: z.enum(["sale", "lease"]),
  status: z.enum(TRANSACTION_STATUSES),
  amount: ZMoney,
  /** What was refunded of the buyer's payment already. */
  refunded: ZMoney,
  /** What releasing now credits the seller: what is kept of the price less the commission (nothing for test money). */
  sellerProceedsIfReleased: ZMoney,
  commissionPercent: z.string(),
  testMoney: z.boolean(),
  buyer: ZParty,
  seller: ZParty,
  protection: z.string().nullable(),
  paidAt: z.string().nullable(),
  disputedAt: z.string().nullable(),
  disputeReason: z.string().nullable(),
  statements: z.object({ buyer: ZDisputeStatement.nullable(), seller: ZDisputeStatement.nullable() }),
  /** The transfer evidence as stored: the record the buyer had to publish, whether it was proven, and both copies of the name. */
  transfer: z.object({
    txtRecord: z.object({ name: z.string(), value: z.string() }),
    provenAt: z.string().nullable(),
    inspectionEndsAt: z.string().nullable(),
    sellerCopy: ZNameState.nullable(),
    buyerCopy: ZNameState.nullable(),
  }),
  /** Whether a part refund can be decided here (one escrow payment; a lease is refunded in whole or released). */
  partRefundable: z.boolean(),
});
export type TAdminDispute = z.infer<typeof ZAdminDispute>;

export const ZDisputeDecision = z.object({
  id: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  refunded: ZMoney,
});
export type TDisputeDecision = z.infer<typeof ZDisputeDecision>;
