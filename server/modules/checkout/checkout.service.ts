import { and, eq } from "drizzle-orm";
import { ALREADY_PAID_TEXT, type TCheckoutProvider, type TServiceOrder } from "../../../shared/api/checkout";
import type { TReportStatus } from "../../../shared/api/reports";
import { isMonthly } from "../../../shared/offer-grants";
import { reports, serviceOrders, users } from "../../../shared/schema";
import { serviceTypeName } from "../../../shared/service-name";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import type { Logger } from "../../lib/logger";
import type { Payments } from "../../payments/payments";
import { ownServiceOrder } from "./own-order";
import { renewsOn } from "./renews-on";

/** One of the user's service orders; another user's order is "not found". */
export async function getServiceOrder(options: {
  db: Db;
  userId: string;
  orderId: string;
}): Promise<TServiceOrder> {
  const order = await ownServiceOrder(options);
  const domainName = order.metadata.domainName;
  const monthly = isMonthly(order.offerId);
  const [report] = await options.db
    .select({ id: reports.id, status: reports.status })
    .from(reports)
    .where(and(eq(reports.orderId, order.id), eq(reports.userId, options.userId)))
    .limit(1);
  return {
    id: order.id,
    offerId: order.offerId,
    serviceType: order.serviceType,
    name: serviceTypeName(order.serviceType),
    billing: monthly ? "monthly" : "one-off",
    renewsOn: monthly ? (await renewsOn(options.db, order)).toISOString() : null,
    description: order.description,
    price: order.price,
    status: order.status,
    metadata: typeof domainName === "string" ? { domainName } : {},
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    report: report ? { id: report.id, status: report.status as TReportStatus } : null,
  };
}

/**
 * Opens the chosen provider's hosted checkout for an unpaid order of the user, for the order's
 * own price snapshot (the client sends an id, never an amount), and answers where to go.
 */
export async function startCheckout(options: {
  db: Db;
  payments: Payments;
  userId: string;
  orderId: string;
  provider: TCheckoutProvider;
  origin: string;
  logger: Logger;
}): Promise<{ checkoutUrl: string }> {
  const order = await ownServiceOrder(options);
  if (order.status === "paid") throw new AppError("CONFLICT", ALREADY_PAID_TEXT);
  if (order.status !== "pending")
    throw new AppError("CONFLICT", "This order was cancelled and can no longer be paid.");
  const [buyer] = await options.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, order.userId));
  const provider = options.payments.checkout(options.provider);
  const { checkoutUrl } = await provider
    .createCheckout({ order, customerEmail: buyer.email, origin: options.origin })
    .catch((err: unknown) => {
      if (err instanceof AppError) throw err;
      options.logger.error(
        { err, orderId: order.id, provider: provider.name },
        "checkout could not be opened",
      );
      throw new AppError("UNAVAILABLE", "The payment provider is unavailable right now. Please try again.");
    });
  await options.db
    .update(serviceOrders)
    .set({ provider: provider.name })
    .where(eq(serviceOrders.id, order.id));
  return { checkoutUrl };
}
