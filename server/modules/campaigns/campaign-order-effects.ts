import { sql } from "drizzle-orm";
import { isEscrowOffer } from "../../../shared/marketplace-deals";
import type { ServiceOrder } from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import type { OrderEffects, PaidContext } from "../../payments/on-paid-effects";
import { cancelCampaign, RECRUITMENT_OFFER, startCampaign } from "./campaigns.service";
import { countRecruit } from "./count-recruit";
import { reverseCampaignBonuses } from "./settle-campaign";
import { uncountRefundedRecruit } from "./uncount-refunded-recruit";

/**
 * What a paid order means to recruitment campaigns: a Recruitment Bonus order starts one, and any
 * order can make its buyer a recruit of a campaign run by their referrer's referrer.
 */
export async function applyPaidOrderToCampaigns(
  tx: Tx,
  order: ServiceOrder,
  context: PaidContext,
): Promise<void> {
  if (order.offerId === RECRUITMENT_OFFER) await startCampaign(tx, order);
  // Buying another user's domain in escrow pays that user, not the platform: it makes nobody a
  // recruit (a cent's listing bought and left to time out and be refunded would otherwise count).
  if (!isEscrowOffer(order.offerId)) await countRecruit(tx, order, context);
}

/**
 * A refunded order: a recruit counted by it no longer counts towards a campaign still running,
 * nor towards a reached one whose bonus is still held (which may take the bonus back). A refunded campaign order: an active campaign ends with nothing paid or returned;
 * a reached one takes back the bonuses it paid (still held).
 */
export async function applyRefundedOrderToCampaigns(
  tx: Tx,
  order: ServiceOrder,
  reason: string,
): Promise<void> {
  await tx.execute(sql`
    delete from campaign_recruits
    where order_id = ${order.id}::uuid
      and campaign_id in (select id from recruitment_campaigns where status = 'active')
  `);
  await uncountRefundedRecruit(tx, order.id, reason);
  if (order.offerId !== RECRUITMENT_OFFER) return;
  await cancelCampaign(tx, order);
  const { rows } = await tx.execute<{ id: string }>(
    sql`select id from recruitment_campaigns where order_id = ${order.id} and status = 'reached'`,
  );
  for (const row of rows) await reverseCampaignBonuses(tx, row.id, reason);
}

/** What a payment and a refund mean to recruitment campaigns. */
export const campaignOrderEffects: OrderEffects = {
  onPaid: applyPaidOrderToCampaigns,
  onRefunded: applyRefundedOrderToCampaigns,
};
