import { sql } from "drizzle-orm";
import { isEscrowOffer } from "../../../shared/marketplace-deals";
import type { ServiceOrder } from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import type { MoneyBack, OrderEffects, PaidContext, PartRefund } from "../../payments/money-effects";
import { cancelCampaign, RECRUITMENT_OFFER, startCampaign } from "./campaigns.service";
import { countRecruit } from "./count-recruit";
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
 * A refunded or charged-back order: a recruit counted by it no longer counts towards a campaign
 * still running, nor towards a reached one whose bonus is still held (which may take the bonus
 * back). A refunded campaign order ends an active campaign with nothing paid or returned; the
 * money a reached or missed one paid (its bonus shares, or the bonus returned to the buyer) was
 * funded by the order, so the ledger takes it back with the payment.
 */
export async function applyRefundedOrderToCampaigns(
  tx: Tx,
  order: ServiceOrder,
  back: MoneyBack,
): Promise<void> {
  await tx.execute(sql`
    delete from campaign_recruits
    where order_id = ${order.id}::uuid
      and campaign_id in (select id from recruitment_campaigns where status = 'active')
  `);
  await uncountRefundedRecruit(tx, order.id, `${back.reason} of order ${order.id}`);
  if (order.offerId === RECRUITMENT_OFFER) await cancelCampaign(tx, order);
}

/**
 * A part of a campaign order refunded while the campaign runs: the bonus it promises shrinks by
 * that part (what a settled one paid shrinks through the ledger, pro rata).
 */
export async function applyPartlyRefundedOrderToCampaigns(
  tx: Tx,
  order: ServiceOrder,
  part: PartRefund,
): Promise<void> {
  if (order.offerId !== RECRUITMENT_OFFER) return;
  await tx.execute(sql`
    update recruitment_campaigns set bonus = greatest(bonus - ${part.amount}::numeric, 0)
    where order_id = ${order.id} and status = 'active'
  `);
}

/**
 * A chargeback of a campaign order decided for us: a campaign it cancelled runs again until its
 * end (the campaigns job then settles it, reached or missed, as any other).
 */
export async function applyChargebackWonToCampaigns(tx: Tx, order: ServiceOrder): Promise<void> {
  if (order.offerId !== RECRUITMENT_OFFER) return;
  await tx.execute(sql`
    update recruitment_campaigns set status = 'active', settled_at = null
    where order_id = ${order.id} and status = 'cancelled'
  `);
}

/** What a payment and money taken back mean to recruitment campaigns. */
export const campaignOrderEffects: OrderEffects = {
  paid: applyPaidOrderToCampaigns,
  refunded: applyRefundedOrderToCampaigns,
  partlyRefunded: applyPartlyRefundedOrderToCampaigns,
  chargedBack: applyRefundedOrderToCampaigns,
  chargebackWon: applyChargebackWonToCampaigns,
};
