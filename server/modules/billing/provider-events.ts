import { and, eq, sql } from "drizzle-orm";
import { type Subscription, subscriptions } from "../../../shared/schema";
import type { Tx } from "../../db/tx";

/**
 * Records a provider's event by id in the transaction that applies it: false when it was applied
 * before (providers deliver at least once, so a replay must change nothing).
 */
export async function firstDelivery(
  tx: Tx,
  event: { provider: string; id: string; type: string },
): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    insert into webhook_events (provider, event_id, type) values (${event.provider}, ${event.id}, ${event.type})
    on conflict do nothing returning event_id
  `);
  return rows.length > 0;
}

/** The provider's subscription, locked; null when it is not (yet) known here. */
export async function lockProviderSubscription(
  tx: Tx,
  provider: string,
  providerSubscriptionId: string,
): Promise<Subscription | null> {
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, provider),
        eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
      ),
    )
    .for("update");
  return sub ?? null;
}

/**
 * Providers do not promise order: an event older than the newest one applied to the same
 * subscription must not overwrite the state that newer one left.
 */
export const isStale = (sub: Subscription, eventAt: Date) =>
  sub.lastEventAt !== null && eventAt < sub.lastEventAt;

/** Ties the subscription a first payment started to the provider's subscription. */
export async function linkProviderSubscription(
  tx: Tx,
  link: {
    firstOrderId: string;
    provider: string;
    providerSubscriptionId: string;
    customerId?: string | null;
    period?: { start: Date; end: Date };
    eventAt: Date;
  },
): Promise<Subscription | null> {
  const [sub] = await tx
    .update(subscriptions)
    .set({
      provider: link.provider,
      providerSubscriptionId: link.providerSubscriptionId,
      providerCustomerId: link.customerId ?? null,
      ...(link.period ? { currentPeriodStart: link.period.start, currentPeriodEnd: link.period.end } : {}),
      lastEventAt: link.eventAt,
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.firstOrderId, link.firstOrderId))
    .returning();
  return sub ?? null;
}
