import { sql } from "drizzle-orm";
import { ACCOUNT_PLAN_FEATURE, grantsOf } from "../../../shared/offer-grants";
import type { ServiceOrder, Subscription } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { auditSecurityChanges } from "./audit-security-changes";
import { syncAccountPlan } from "./entitlements.service";

const DAY_MS = 86_400_000;

/**
 * A renewal webhook may come a little after the period ends (Stripe charges about an hour
 * later, and retries): what a renewing subscription grants lasts this long past its period.
 */
export const RENEWAL_LEEWAY_MS = DAY_MS;

const requestOf = (order: Pick<ServiceOrder, "metadata">) =>
  (order.metadata.request as Record<string, unknown> | undefined) ?? {};

/** A paid one-off order grants what it bought: for ever, or for the duration the buyer chose. */
export async function grantOrderEntitlements(
  tx: DbOrTx,
  order: Pick<ServiceOrder, "id" | "userId" | "offerId" | "domainId" | "metadata">,
  now: Date,
): Promise<void> {
  const cause = { orderId: order.id };
  await auditSecurityChanges(tx, { userId: order.userId, now, cause }, () =>
    insertOrderGrants(tx, order, now),
  );
}

async function insertOrderGrants(
  tx: DbOrTx,
  order: Pick<ServiceOrder, "id" | "userId" | "offerId" | "domainId" | "metadata">,
  now: Date,
): Promise<void> {
  for (const g of grantsOf(order.offerId, requestOf(order))) {
    const endsAt = g.days ? new Date(now.getTime() + g.days * DAY_MS).toISOString() : null;
    await tx.execute(sql`
      insert into entitlements (user_id, feature, usage_limit, domain_id, source, order_id, starts_at, ends_at)
      values (${order.userId}, ${g.feature}, ${g.limit}, ${g.perDomain ? order.domainId : null}, 'order',
        ${order.id}, ${now.toISOString()}::timestamptz, ${endsAt}::timestamptz)
      on conflict (order_id, feature) do nothing
    `);
  }
  await syncAccountPlan(tx, order.userId, now);
}

/** Until when, and how, a subscription in its present state grants. */
function subscriptionGrant(sub: Subscription): { endsAt: Date; status: "active" | "grace" | "ended" } {
  const end = sub.currentPeriodEnd;
  if (sub.status === "past_due" && sub.graceEndsAt) return { endsAt: sub.graceEndsAt, status: "grace" };
  if (sub.status === "active") {
    return {
      endsAt: sub.cancelAtPeriodEnd ? end : new Date(end.getTime() + RENEWAL_LEEWAY_MS),
      status: "active",
    };
  }
  return { endsAt: sub.endedAt ?? end, status: "ended" };
}

/**
 * Makes the subscription's entitlements say what its state says: its option's features until
 * the period ends (through the grace period while past due), ended once it lapsed or ended.
 * Features its option no longer has (after a change) end now. Every state change calls this.
 */
export async function syncSubscriptionEntitlements(tx: DbOrTx, sub: Subscription, now: Date): Promise<void> {
  const cause = { subscriptionId: sub.id, status: sub.status };
  await auditSecurityChanges(tx, { userId: sub.userId, now, cause }, () =>
    writeSubscriptionGrants(tx, sub, now),
  );
}

async function writeSubscriptionGrants(tx: DbOrTx, sub: Subscription, now: Date): Promise<void> {
  const grants = grantsOf(sub.offerId, sub.request);
  const { endsAt, status } = subscriptionGrant(sub);
  for (const g of grants) {
    await tx.execute(sql`
      insert into entitlements (user_id, feature, usage_limit, source, subscription_id, starts_at, ends_at, status)
      values (${sub.userId}, ${g.feature}, ${g.limit}, 'subscription', ${sub.id},
        ${sub.createdAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz, ${status})
      on conflict (subscription_id, feature)
      do update set usage_limit = excluded.usage_limit, ends_at = excluded.ends_at, status = excluded.status
    `);
  }
  const kept = grants.map((g) => g.feature);
  const dropped = await tx.execute<{ feature: string }>(sql`
    update entitlements set status = 'ended', ends_at = least(coalesce(ends_at, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz)
    where subscription_id = ${sub.id} and status <> 'ended'
      and not (feature = any(${sql.param(kept)}::text[]))
    returning feature
  `);
  // Only account plans are mirrored on the user row; other subscriptions leave it alone.
  const features = [...kept, ...dropped.rows.map((r) => r.feature)];
  if (features.some((f) => f.startsWith(ACCOUNT_PLAN_FEATURE))) await syncAccountPlan(tx, sub.userId, now);
}

/**
 * A refunded or disputed payment ends what it paid for at once: a one-off order's grants, or the
 * period a subscription payment covered (its subscription's grants, until a later payment).
 */
export async function endPaidEntitlements(
  tx: DbOrTx,
  order: Pick<ServiceOrder, "id" | "userId" | "metadata">,
  now: Date,
): Promise<void> {
  const cause = { orderId: order.id, reason: "payment taken back" };
  await auditSecurityChanges(tx, { userId: order.userId, now, cause }, () => endOrderGrants(tx, order, now));
}

async function endOrderGrants(
  tx: DbOrTx,
  order: Pick<ServiceOrder, "id" | "userId" | "metadata">,
  now: Date,
): Promise<void> {
  // A later payment names its subscription; the first one started it.
  const started = await tx.execute<{ id: string }>(
    sql`select id::text from subscriptions where first_order_id = ${order.id}`,
  );
  const subscriptionId =
    typeof order.metadata.subscriptionId === "string"
      ? order.metadata.subscriptionId
      : (started.rows[0]?.id ?? null);
  // The period it paid for is taken back: the subscription stands as lapsed (so no later change
  // of its state grants that period again) until a later payment makes it active.
  if (subscriptionId) {
    await tx.execute(sql`
      update subscriptions set status = 'lapsed', ended_at = ${now.toISOString()}::timestamptz, grace_ends_at = null, updated_at = now()
      where id = ${subscriptionId}::uuid and status in ('active', 'past_due')
    `);
  }
  await tx.execute(sql`
    update entitlements set status = 'ended', ends_at = ${now.toISOString()}::timestamptz
    where status <> 'ended' and (order_id = ${order.id}
      or (${subscriptionId}::uuid is not null and subscription_id = ${subscriptionId}::uuid))
  `);
  await syncAccountPlan(tx, order.userId, now);
}
