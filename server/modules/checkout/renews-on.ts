import { eq } from "drizzle-orm";
import { SANDBOX_PERIOD_DAYS } from "../../../shared/api/billing";
import { subscriptions } from "../../../shared/schema";
import { billingNow } from "../../db/billing-clock";
import type { Db } from "../../db/pool";
import { addDays } from "../billing/subscription-lifecycle";

type Order = { status: string; paidAt: Date | null; metadata: Record<string, unknown> };

/**
 * The day a monthly order's subscription renews, as checkout states it: the end of the period a
 * renewal order pays for; for a paid first order, its subscription's current period end; before
 * payment, one period after today (the first period starts when the payment arrives).
 */
export async function renewsOn(db: Db, order: Order): Promise<Date> {
  const { periodEnd, subscriptionId } = order.metadata;
  if (typeof periodEnd === "string") return new Date(periodEnd);
  if (order.status === "paid" && typeof subscriptionId === "string") {
    const [sub] = await db
      .select({ end: subscriptions.currentPeriodEnd })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    if (sub) return sub.end;
  }
  const from = order.status === "paid" && order.paidAt ? order.paidAt : await billingNow(db);
  return addDays(from, SANDBOX_PERIOD_DAYS);
}
