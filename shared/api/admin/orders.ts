import { z } from "zod";
import { isDecimalAmount, toCents, ZMoney } from "../../money";
import { ADMIN_API, ZAdminPageQuery } from "./console";

/** The console's orders and refunds (docs/security.md#staff-and-the-operator-console): search paid orders, refund one in full or in part. */
export const ADMIN_ORDERS_PATHS = {
  list: `${ADMIN_API}/orders`,
  refunds: "/api/admin/orders/:id/refunds",
} as const;

/** `q` matches part of the order id, the buyer's email or the order's description, any case. */
export const ZAdminOrdersQuery = ZAdminPageQuery;
export const ZAdminOrderParams = z.object({ id: z.uuid("Unknown order") });

/** A paid order as staff see it: what was paid, how much of it was refunded, and through whom. */
export const ZAdminOrder = z.object({
  id: z.string(),
  description: z.string(),
  buyerEmail: z.string(),
  /** Decimal strings: what was paid, and what staff refunds took back of it. */
  price: ZMoney,
  refunded: z.string(),
  /** "paid" or "refunded" (in full, or disputed). */
  status: z.string(),
  provider: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminOrder = z.infer<typeof ZAdminOrder>;

/** `POST …/refunds`: no amount refunds all that is left; the buyer is told the reason. */
export const ZRefundOrderBody = z.object({
  amount: z
    .string()
    .trim()
    .refine(isDecimalAmount, "Enter an amount such as 12.50")
    .refine((amount) => !isDecimalAmount(amount) || toCents(amount) > 0, "A refund is more than $0.00")
    .optional(),
  reason: z
    .string()
    .trim()
    .min(3, "Say why the order is refunded")
    .max(500, "Keep the reason under 500 characters"),
});
export type TRefundOrderBody = z.input<typeof ZRefundOrderBody>;

export const ZStaffRefund = z.object({
  refund: z.object({
    id: z.string(),
    amount: ZMoney,
    provider: z.string(),
    providerRefundId: z.string(),
    /** True when it refunded all that was left: the order ended. */
    full: z.boolean(),
  }),
  order: ZAdminOrder,
});
export type TStaffRefund = z.infer<typeof ZStaffRefund>;
