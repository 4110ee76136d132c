import { z } from "zod";
import { ZMoney } from "../money";
import { ZReportStatus } from "./reports";

/** The two providers a buyer can pay with (docs/product.md#the-calls: the providers' lowercase names). */
export const CHECKOUT_PROVIDERS = ["stripe", "paypal"] as const;
export const ZCheckoutProvider = z.enum(CHECKOUT_PROVIDERS);
export type TCheckoutProvider = z.infer<typeof ZCheckoutProvider>;

/**
 * How a payment's provider is named wherever a person reads it: the Pay buttons ("Pay with
 * Stripe"), receipts, subscriptions, the transaction history, the test checkout page.
 */
export const PROVIDER_LABELS = {
  stripe: "Stripe",
  paypal: "PayPal",
  sandbox: "Test mode",
} as const satisfies Record<TCheckoutProvider | "sandbox", string>;

/** A stored provider name in words; an unknown one as it is stored. */
export function providerLabel(provider: string): string {
  return Object.hasOwn(PROVIDER_LABELS, provider)
    ? PROVIDER_LABELS[provider as keyof typeof PROVIDER_LABELS]
    : provider;
}

export { CHECKOUT_PAGE_ROUTE } from "../page-paths";
/** The page where the buyer pays the service order `orderId` (in emails, answers and links). */
export const checkoutPagePath = (orderId: string) => `/checkout/service/${encodeURIComponent(orderId)}`;

export { CHECKOUT_MODE_PATH, type TCheckoutMode, TEST_MODE_BANNER } from "../test-mode";

/** A service order, and the start of its payment with a provider. */
export const CHECKOUT_PATHS = {
  serviceOrder: "/api/service-orders/:id",
  pay: "/api/checkout/service/:id",
  sandbox: "/api/checkout/sandbox/:id",
  sandboxPay: "/api/checkout/sandbox/:id/pay",
  sandboxCancel: "/api/checkout/sandbox/:id/cancel",
  paypalReturn: "/api/checkout/paypal/return",
} as const;

/** `POST /api/checkout/service/{id}`. */
export const ZCheckoutBody = z.object({ provider: ZCheckoutProvider });
export const ZCheckoutAnswer = z.object({ checkoutUrl: z.string() });
export type TCheckoutAnswer = z.infer<typeof ZCheckoutAnswer>;

/** An order id in a path; anything that is not one of the user's orders is answered 404. */
export const ZOrderIdParams = z.object({ id: z.string().max(64) });

/** The test checkout's `?provider=`; an unknown one falls back to Stripe. */
export const ZSandboxProviderQuery = z.object({ provider: ZCheckoutProvider.catch("stripe") });

/** Where PayPal sends the buyer back: our order id and PayPal's order token. */
export const ZPayPalReturnQuery = z.object({ order: z.uuid(), token: z.string().min(1).max(64) });

/** A service order as `GET /api/service-orders/{id}` answers it. */
export const ZServiceOrder = z.object({
  id: z.string(),
  /** The catalogue offer the order is for ("apiAccess"), which names its success message. */
  offerId: z.string(),
  serviceType: z.string(),
  /** The service type as people read it ("API Access"). */
  name: z.string(),
  /** A monthly offer renews every month until cancelled; a one-off is paid once. */
  billing: z.enum(["monthly", "one-off"]),
  /**
   * For a monthly offer, the day it renews: the end of the paid period, or, before payment, a
   * period's length after today. Null for one-off offers.
   */
  renewsOn: z.string().nullable(),
  description: z.string(),
  /** Decimal string, e.g. "99.99". */
  price: ZMoney,
  /** "pending" until paid, then "paid". */
  status: z.string(),
  metadata: z.object({ domainName: z.string().optional() }),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** The report this order paid for (an appraisal, an analytics report) and where it stands, or null. */
  report: z.object({ id: z.string(), status: ZReportStatus }).nullable(),
});
export type TServiceOrder = z.infer<typeof ZServiceOrder>;

/** docs/product.md#states: the text a paid order's checkout shows instead of the payment options. */
export const ALREADY_PAID_TEXT = "This service order has already been paid for.";
