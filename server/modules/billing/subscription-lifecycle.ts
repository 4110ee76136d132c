import { eq, sql } from "drizzle-orm";
import { GRACE_DAYS, SANDBOX_PERIOD_DAYS } from "../../../shared/api/billing";
import { formatUsd } from "../../../shared/money";
import { type ServiceOrder, type Subscription, subscriptions, users } from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import type { Mailer } from "../../mail/mailer";
import { syncSubscriptionEntitlements } from "../entitlements/grant-entitlements";
import { notify } from "../notifications/notify";

const DAY_MS = 86_400_000;
export const addDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);

/** The subscription, locked for the rest of the transaction; null when there is none. */
export async function lockSubscription(tx: Tx, id: string): Promise<Subscription | null> {
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
  return sub ?? null;
}

/** Writes a change of state and brings the entitlements in line with it. */
export async function updateSubscription(
  tx: Tx,
  sub: Subscription,
  patch: Partial<Subscription>,
  now: Date,
): Promise<Subscription> {
  const [updated] = await tx
    .update(subscriptions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(subscriptions.id, sub.id))
    .returning();
  await syncSubscriptionEntitlements(tx, updated, now);
  return updated;
}

/**
 * The first payment of a monthly offer starts its subscription (once per order): the order's
 * option and price, a first period of 30 days from the payment (a provider's own period
 * replaces it when the provider links its subscription), and its entitlements.
 */
export async function startSubscription(tx: Tx, order: ServiceOrder, now: Date): Promise<Subscription> {
  const [created] = await tx
    .insert(subscriptions)
    .values({
      userId: order.userId,
      offerId: order.offerId,
      request: (order.metadata.request as Record<string, unknown> | undefined) ?? {},
      description: order.description,
      amount: order.price,
      provider: order.provider ?? "sandbox",
      currentPeriodStart: now,
      currentPeriodEnd: addDays(now, SANDBOX_PERIOD_DAYS),
      firstOrderId: order.id,
    })
    .onConflictDoNothing({ target: subscriptions.firstOrderId })
    .returning();
  const sub =
    created ?? (await tx.select().from(subscriptions).where(eq(subscriptions.firstOrderId, order.id)))[0];
  await tx.execute(sql`
    update service_orders set metadata = metadata || jsonb_build_object('subscriptionId', ${sub.id}::text)
    where id = ${order.id}
  `);
  await syncSubscriptionEntitlements(tx, sub, now);
  return sub;
}

const periodOf = (order: ServiceOrder) => {
  const { periodStart, periodEnd } = order.metadata;
  return typeof periodStart === "string" && typeof periodEnd === "string"
    ? { start: new Date(periodStart), end: new Date(periodEnd) }
    : null;
};

/**
 * A later payment of a subscription (a renewal, a past-due renewal paid, a proration): a renewal
 * moves the period on (a period already over when it is paid, after a lapse, starts again now),
 * and any payment makes the subscription active again with its grace over.
 */
export async function applySubscriptionPayment(tx: Tx, order: ServiceOrder, now: Date): Promise<void> {
  const sub = await lockSubscription(tx, String(order.metadata.subscriptionId));
  if (!sub || sub.userId !== order.userId) return;
  const patch: Partial<Subscription> = { status: "active", graceEndsAt: null, endedAt: null };
  const period = order.metadata.kind === "renewal" ? periodOf(order) : null;
  if (period) {
    const fresh = period.end > now ? period : { start: now, end: addDays(now, SANDBOX_PERIOD_DAYS) };
    if (fresh.end > sub.currentPeriodEnd) {
      patch.currentPeriodStart = fresh.start;
      patch.currentPeriodEnd = fresh.end;
    }
  }
  if (sub.status === "canceled") return;
  await updateSubscription(tx, sub, patch, now);
}

/** The owner hears of a change of their subscription: on the bell and by email. */
async function tellOwner(
  tx: Tx,
  mailer: Mailer,
  sub: Subscription,
  subject: string,
  lines: string[],
): Promise<void> {
  const [owner] = await tx.select({ name: users.name }).from(users).where(eq(users.id, sub.userId));
  if (!owner) return;
  await notify(
    tx,
    { userId: sub.userId, kind: "billing", title: subject, body: lines[0], href: "/settings#billing" },
    { mailer, subject, body: [`Hi ${owner.name},`, "", ...lines].join("\n") },
  );
}

/**
 * A renewal was declined: past due, with what it grants kept for a 7-day grace period from the
 * failure (a second failure within it changes nothing), and an email with where to pay.
 */
export async function failRenewal(
  tx: Tx,
  mailer: Mailer,
  sub: Subscription,
  options: { at: Date; payUrl: string },
): Promise<Subscription> {
  if (sub.status === "past_due" || sub.status === "canceled") return sub;
  const graceEndsAt = addDays(options.at, GRACE_DAYS);
  const updated = await updateSubscription(tx, sub, { status: "past_due", graceEndsAt }, options.at);
  await tellOwner(tx, mailer, sub, `Payment failed: ${sub.description}`, [
    `We could not take the monthly payment of ${formatUsd(sub.amount)} for ${sub.description}.`,
    `It stays active until ${graceEndsAt.toUTCString()}; pay before then to keep it:`,
    options.payUrl,
  ]);
  return updated;
}

/** The grace period ended unpaid: what it granted ends; a later payment restores it. */
export async function lapseSubscription(
  tx: Tx,
  mailer: Mailer,
  sub: Subscription,
  at: Date,
): Promise<Subscription> {
  const updated = await updateSubscription(tx, sub, { status: "lapsed", endedAt: at }, at);
  await tellOwner(tx, mailer, sub, `Subscription ended: ${sub.description}`, [
    `The payment for ${sub.description} was not made within the grace period, so it has ended.`,
    "Paying the open renewal in Settings → Billing restores it.",
  ]);
  return updated;
}

/** The subscription ended (cancelled at its period end, or by the provider). */
export function endSubscription(tx: Tx, sub: Subscription, at: Date): Promise<Subscription> {
  return updateSubscription(tx, sub, { status: "canceled", endedAt: at, cancelAtPeriodEnd: false }, at);
}
