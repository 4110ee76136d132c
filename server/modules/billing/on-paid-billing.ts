import { formatUsd } from "../../../shared/money";
import { isMonthly } from "../../../shared/offer-grants";
import type { ServiceOrder } from "../../../shared/schema";
import { billingNow } from "../../db/billing-clock";
import type { Tx } from "../../db/tx";
import { noEffect, type OrderEffects } from "../../payments/money-effects";
import { endPaidEntitlements, grantOrderEntitlements } from "../entitlements/grant-entitlements";
import { notify } from "../notifications/notify";
import { applySubscriptionPayment, startSubscription } from "./subscription-lifecycle";

/**
 * What a paid order grants (docs/money.md#subscriptions-and-entitlements), run once in the fulfilment transaction: a one-off order
 * its entitlements; the first payment of a monthly offer its subscription; a later payment of a
 * subscription (renewal, past-due renewal paid, proration) the subscription moved on. A paid
 * renewal is also told to the account's notifications.
 */
export async function applyPaidOrderToBilling(tx: Tx, order: ServiceOrder): Promise<void> {
  if (order.metadata.kind === "renewal") {
    await notify(tx, {
      userId: order.userId,
      kind: "billing",
      title: "Renewal paid",
      body: `We received ${formatUsd(order.price)} for ${order.description}.`,
      href: "/settings#billing",
    });
  }
  const now = await billingNow(tx);
  if (!isMonthly(order.offerId)) return grantOrderEntitlements(tx, order, now);
  if (typeof order.metadata.subscriptionId === "string") return applySubscriptionPayment(tx, order, now);
  await startSubscription(tx, order, now);
}

/** A refunded or charged-back order's entitlements end (an account plan among them). */
export async function applyRefundedOrderToBilling(tx: Tx, order: ServiceOrder): Promise<void> {
  await endPaidEntitlements(tx, order, await billingNow(tx));
}

/** What a payment means to billing (docs/architecture.md#flow-2-a-purchase-becomes-an-entitlement). */
export const billingOrderEffects: OrderEffects = {
  paid: applyPaidOrderToBilling,
  refunded: applyRefundedOrderToBilling,
  partlyRefunded: noEffect("a part refunded keeps what the order grants"),
  chargedBack: applyRefundedOrderToBilling,
  chargebackWon: noEffect(
    "what a charged-back payment granted stays ended: the buyer who disputed it subscribes or buys again",
  ),
};
