import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { TPurchaseAnswer } from "../../../shared/api/purchases";
import type { OfferKey } from "../../../shared/catalog";
import { grantsOf, isMonthly } from "../../../shared/offer-grants";
import { AFFILIATE_TIERS } from "../../../shared/prices";
import { type Subscription, serviceOrders, subscriptions } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { Tx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import type { Mailer } from "../../mail/mailer";
import type { PaidContext } from "../../payments/money-effects";
import type { Payments } from "../../payments/payments";
import { changeOption } from "./billing.service";

/** Offers that sell the same thing in other words: an account plan is bought through either. */
const FAMILIES: Partial<Record<OfferKey, OfferKey[]>> = {
  proUpgrade: ["proUpgrade", "accountUpgrade"],
  accountUpgrade: ["proUpgrade", "accountUpgrade"],
};
const familyOf = (offerKey: OfferKey) => FAMILIES[offerKey] ?? [offerKey];

/**
 * One-off offers a buyer holds once, for ever: a course, an affiliate tier, a listing's Buyer
 * Protection or Financing term. The others (an appraisal, a report, a promotion) deliver anew each time.
 */
const HELD_ONCE: OfferKey[] = ["trainingCourse", "tierUpgrade", "buyerProtection", "financing"];

/** Two bodies of one offer ask for the same option: the same fields, prices and list order aside. */
const sameRequest = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
const sorted = (body: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(body)
      .filter(([key]) => key !== "price" && key !== "totalPrice")
      .map(([key, value]): [string, unknown] => [
        key,
        Array.isArray(value) ? [...value].map(String).sort() : value,
      ])
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/** The buyer's live subscription (active or past due) to the offer or its family, if any. */
async function liveSubscription(db: Db, userId: string, offerKey: OfferKey): Promise<Subscription | null> {
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.offerId, familyOf(offerKey)),
        inArray(subscriptions.status, ["active", "past_due"]),
      ),
    )
    .limit(1);
  return sub ?? null;
}

/** True when the buyer holds every grant the one-off order would give, or a better affiliate tier. */
async function holdsAlready(
  db: Db,
  userId: string,
  order: { offerKey: OfferKey; body: Record<string, unknown>; domainId: string | null },
): Promise<boolean> {
  const features =
    order.offerKey === "tierUpgrade"
      ? AFFILIATE_TIERS.slice(AFFILIATE_TIERS.findIndex((t) => t.id === order.body.tier)).map(
          (t) => `affiliate-tier:${t.id}`,
        )
      : grantsOf(order.offerKey, order.body).map((g) => g.feature);
  if (features.length === 0) return false;
  const { rows } = await db.execute<{ feature: string }>(sql`
    select distinct feature from entitlements
    where user_id = ${userId} and feature = any(${sql.param(features)}::text[])
      and status in ('active', 'grace') and (ends_at is null or ends_at > now())
      and (${order.domainId}::uuid is null or domain_id is null or domain_id = ${order.domainId}::uuid)
  `);
  // A tier is held when that one or a better one is; anything else when every grant is.
  return order.offerKey === "tierUpgrade" ? rows.length > 0 : rows.length === features.length;
}

/** What checking a repeat purchase needs of the app. */
export interface RepeatPurchaseDeps {
  db: Db;
  mailer: Mailer;
  payments: Payments;
  paid: PaidContext;
}

/**
 * Before a purchase is ordered (docs/money.md#one-purchase-of-each): a monthly offer the buyer
 * subscribes to already is not sold twice (the same option is refused with the subscription it
 * would duplicate; another option of the same offer changes the subscription, prorated by its
 * provider, and the buyer is sent to Billing); a one-off offer held once is not sold again.
 * Answers where to send the buyer when the purchase became a change, else null to order it.
 */
export async function checkRepeatPurchase(
  deps: RepeatPurchaseDeps,
  purchase: { userId: string; offerKey: OfferKey; body: Record<string, unknown>; domainId: string | null },
): Promise<TPurchaseAnswer | null> {
  const { db } = deps;
  const { userId, offerKey, body } = purchase;
  if (isMonthly(offerKey)) {
    const sub = await liveSubscription(db, userId, offerKey);
    if (!sub) return null;
    const renews = sub.currentPeriodEnd.toISOString().slice(0, 10);
    if (sub.offerId !== offerKey || sameRequest(sub.request, body))
      throw new AppError(
        "CONFLICT",
        `You already subscribe to ${sub.description} (renews on ${renews}): change or cancel it in Settings → Billing.`,
      );
    await changeOption({ ...deps, userId, id: sub.id, request: body });
    return { orderId: sub.firstOrderId ?? sub.id, checkoutUrl: "/settings#billing" };
  }
  if (HELD_ONCE.includes(offerKey) && (await holdsAlready(db, userId, purchase)))
    throw new AppError("CONFLICT", "You have this already: it is yours for good, and is not sold twice.");
  return null;
}

/**
 * A new order for an offer sold once (a subscription, a tier, a course) supersedes the buyer's
 * older unpaid orders of it, in the new order's transaction: paid later, one of those would find
 * its order cancelled and be refunded (docs/money.md#money-nobody-ordered), never start a second.
 * A subscription's own unpaid renewal is not touched.
 */
export async function supersedePendingOrders(
  tx: Tx,
  order: { userId: string; offerKey: OfferKey; domainId: string | null; keepId: string },
): Promise<void> {
  if (!isMonthly(order.offerKey) && !HELD_ONCE.includes(order.offerKey)) return;
  await tx
    .update(serviceOrders)
    .set({ status: "cancelled" })
    .where(
      and(
        eq(serviceOrders.userId, order.userId),
        inArray(serviceOrders.offerId, familyOf(order.offerKey)),
        eq(serviceOrders.status, "pending"),
        sql`${serviceOrders.id} <> ${order.keepId}`,
        sql`not (${serviceOrders.metadata} ? 'subscriptionId')`,
        order.domainId ? eq(serviceOrders.domainId, order.domainId) : isNull(serviceOrders.domainId),
      ),
    );
}
