import { z } from "zod";
import { ZMoney } from "../../money";
import { ADMIN_API, ZAdminPageQuery } from "./console";

/**
 * The console's view of money that went back by itself (docs/money.md#money-nobody-ordered and
 * #refunds-and-chargebacks): payments no open order was waiting for, refunded through their
 * provider, and chargebacks, open or decided.
 */
export const ADMIN_MONEY_PATHS = {
  unmatchedPayments: `${ADMIN_API}/unmatched-payments`,
  chargebacks: `${ADMIN_API}/chargebacks`,
} as const;

export const ZAdminMoneyQuery = ZAdminPageQuery;

/** A payment that paid nothing, and where its refund stands. */
export const ZAdminUnmatchedPayment = z.object({
  id: z.string(),
  provider: z.string(),
  providerPaymentId: z.string(),
  amount: ZMoney,
  reason: z.string(),
  /** "pending" (the refund is being asked), "refunded", or "failed" (the provider kept refusing: staff settle it). */
  status: z.enum(["pending", "refunded", "failed"]),
  orderId: z.string().nullable(),
  buyerEmail: z.string().nullable(),
  providerRefundId: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type TAdminUnmatchedPayment = z.infer<typeof ZAdminUnmatchedPayment>;

/** A chargeback of a payment: what it took, from which order, and how it ended. */
export const ZAdminChargeback = z.object({
  id: z.string(),
  provider: z.string(),
  amount: ZMoney,
  /** "open" (the money is gone, the order ended), "won" (it came back), or "lost". */
  status: z.enum(["open", "won", "lost"]),
  orderId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  description: z.string().nullable(),
  buyerEmail: z.string().nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type TAdminChargeback = z.infer<typeof ZAdminChargeback>;
