import { z } from "zod";
import { ZMoney } from "../money";
import { pathTo } from "../path-to";

/** `GET /api/billing/subscriptions`. */
export const SUBSCRIPTIONS_PATH = "/api/billing/subscriptions";
/** `GET /api/billing/receipts`; a receipt's PDF is at `receiptPdfPath(orderId)`. */
export const RECEIPTS_PATH = "/api/billing/receipts";
export const receiptPdfPath = (orderId: string) => pathTo(BILLING_PATHS.receipt, { file: `${orderId}.pdf` });
export const subscriptionActionPath = (id: string, action: "cancel" | "resume" | "change") =>
  pathTo(
    {
      cancel: BILLING_PATHS.subscriptionCancel,
      resume: BILLING_PATHS.subscriptionResume,
      change: BILLING_PATHS.subscriptionChange,
    }[action],
    { id },
  );
/** `POST`: a Stripe Customer Portal session for the user, `{url}`. */
export const BILLING_PORTAL_PATH = "/api/billing/portal";
/** `GET /api/service-orders?status=pending` and `POST /api/service-orders/{id}/cancel`. */
export const PENDING_ORDERS_PATH = "/api/service-orders?status=pending";
export const cancelOrderPath = (id: string) => pathTo(BILLING_PATHS.serviceOrderCancel, { id });

/** A subscription as the Billing section shows it. */
export const ZSubscription = z.object({
  id: z.string(),
  /** The offer key, e.g. "accountUpgrade". */
  offer: z.string(),
  /** The option chosen, in words, e.g. "Business account plan". */
  option: z.string(),
  /** The option as the offer's request body (what a change sends back changed). */
  request: z.record(z.string(), z.unknown()),
  /** Decimal string charged each month. */
  amount: ZMoney,
  /** "stripe", "paypal" or "sandbox". */
  provider: z.string(),
  /** "active", "past_due", "lapsed" or "canceled". */
  status: z.string(),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  /** While past due: when the grace period ends. */
  graceEndsAt: z.string().nullable(),
  /** Where a past-due subscription is paid: the order's checkout. */
  payUrl: z.string().nullable(),
});
export type TSubscription = z.infer<typeof ZSubscription>;
export const ZSubscriptions = z.array(ZSubscription);

export const ZSubscriptionIdParams = z.object({ id: z.string().max(64) });

/** `POST …/change`: the offer's request body with another option (the price is recomputed). */
export const ZChangeOptionBody = z.object({ request: z.record(z.string(), z.unknown()) });

/** A paid order as a receipt. */
export const ZReceipt = z.object({
  orderId: z.string(),
  description: z.string(),
  paidAt: z.string(),
  amount: ZMoney,
  provider: z.string(),
  /** "paid" or "refunded". */
  status: z.string(),
});
export type TReceipt = z.infer<typeof ZReceipt>;
export const ZReceipts = z.array(ZReceipt);

/** `GET /api/service-orders?status=pending`: orders the user started and never paid. */
export const ZPendingOrder = z.object({
  id: z.string(),
  description: z.string(),
  price: ZMoney,
  createdAt: z.string(),
});
export type TPendingOrder = z.infer<typeof ZPendingOrder>;
export const ZPendingOrders = z.array(ZPendingOrder);
export const ZOrderListQuery = z.object({ status: z.enum(["pending"]).optional() });
/** `GET /api/service-orders?status=pending`: only the unpaid orders can be listed. */
export const ZPendingOrdersQuery = z.object({
  status: z.literal("pending", "Only pending orders can be listed"),
});

/** The receipt PDF's path parameter: an order id followed by ".pdf". */
export const ZReceiptParams = z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.pdf$/i, "Not a receipt") });

/** Days a failed renewal keeps what the subscription grants (docs/money.md#subscriptions-and-entitlements). */
export const GRACE_DAYS = 7;
/** Days between renewals in the sandbox. */
export const SANDBOX_PERIOD_DAYS = 30;

/** The area's API paths, as Express patterns (filled in with `pathTo`). */
export const BILLING_PATHS = {
  subscriptionCancel: "/api/billing/subscriptions/:id/cancel",
  subscriptionResume: "/api/billing/subscriptions/:id/resume",
  subscriptionChange: "/api/billing/subscriptions/:id/change",
  receipt: "/api/billing/receipts/:file",
  serviceOrders: "/api/service-orders",
  serviceOrderCancel: "/api/service-orders/:id/cancel",
} as const;
