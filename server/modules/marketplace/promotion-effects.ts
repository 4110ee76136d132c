import { eq } from "drizzle-orm";
import { PROMOTION_TYPES } from "../../../shared/prices";
import { domains, type ServiceOrder, workOrders } from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import { noEffect, type OrderEffects } from "../../payments/money-effects";

const DAY_MS = 86_400_000;
/** Staff publish a paid social promotion within two days. */
const SOCIAL_DAYS = 2;

/** The post staff publish for a social promotion, and the share image it links (paths on the public address). */
export function socialPost(domain: { name: string; price: string | null }) {
  const url = `/listings/${encodeURIComponent(domain.name)}`;
  return {
    text: `${domain.name} is for sale${domain.price ? ` at $${domain.price}` : ""}. Buy it now or make an offer; the sale is held in escrow. ${url}`,
    imageUrl: `${url}/share.svg`,
  };
}

/**
 * A paid Social or Premium promotion opens a work order for staff to publish the listing's post
 * (its text and share image in the order), in the fulfilment transaction; once per order.
 */
export async function queueSocialPost(tx: Tx, order: ServiceOrder): Promise<void> {
  if (order.offerId !== "promotion" || !order.domainId) return;
  const type = String((order.metadata.request as Record<string, unknown> | undefined)?.promotionType ?? "");
  if (!["social", "premium"].includes(type) || !PROMOTION_TYPES.some((p) => p.id === type)) return;
  const [domain] = await tx
    .select({ name: domains.name, price: domains.marketplacePrice })
    .from(domains)
    .where(eq(domains.id, order.domainId));
  if (!domain) return;
  const post = socialPost(domain);
  const { id: orderId, userId, domainId, offerId } = order;
  await tx
    .insert(workOrders)
    .values({
      orderId,
      userId,
      domainId,
      offerId,
      title: `Publish the social promotion of ${domain.name}`,
      description: `Post text:\n${post.text}\n\nShare image: ${post.imageUrl}`,
      dueAt: new Date((order.paidAt ?? new Date()).getTime() + SOCIAL_DAYS * DAY_MS),
    })
    .onConflictDoNothing({ target: workOrders.orderId });
}

/** A social promotion's post, queued for staff to publish. */
export const promotionOrderEffects: OrderEffects = {
  paid: queueSocialPost,
  refunded: noEffect(
    "its post's work order is cancelled with the order's work orders, its days end with its entitlements",
  ),
  partlyRefunded: noEffect("a part refunded keeps the promotion"),
  chargedBack: noEffect(
    "its post's work order is cancelled with the order's work orders, its days end with its entitlements",
  ),
  chargebackWon: noEffect("its work order is reopened with the order's work orders"),
};
