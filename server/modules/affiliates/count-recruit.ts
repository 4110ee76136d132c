import { sql } from "drizzle-orm";
import type { ServiceOrder } from "../../../shared/schema";
import { billingNow } from "../../db/billing-clock";
import type { Tx } from "../../db/tx";
import { settleReached } from "./settle-campaign";

/** How far up a referral chain is followed looking for the campaign's buyer. */
const CHAIN_DEPTH = 32;

/** "A.B+promo@Example.com" and "a.b@example.com" are one mailbox for this check. */
const mailbox = (column: ReturnType<typeof sql>) => sql`regexp_replace(lower(${column}), '\\+[^@]*@', '@')`;

/**
 * A paid order can make its buyer a recruit: when they registered through the link of an
 * affiliate of someone running an active campaign, after the campaign started and before it
 * ends. Never the campaign's buyer, an address that is the buyer's own mailbox, or anyone up the
 * buyer's referral chain; a campaign paid with real money counts only recruits who paid with
 * real money. Each recruit counts once per campaign; the recruit that reaches the goal settles it.
 */
export async function countRecruit(
  tx: Tx,
  order: Pick<ServiceOrder, "id" | "userId" | "provider">,
  context: { commissionHoldDays: number },
): Promise<void> {
  const now = await billingNow(tx);
  const { rows: campaigns } = await tx.execute<{
    id: string;
    user_id: string;
    goal: number;
    bonus: string;
    test: boolean;
    order_id: string;
    recruiter_id: string;
  }>(sql`
    select c.id, c.user_id::text, c.goal, c.bonus::text, c.test, c.order_id::text, r.referred_by::text as recruiter_id
    from users r
    join affiliates a on a.referred_user_id = r.referred_by and a.is_active
    join recruitment_campaigns c on c.user_id = a.user_id
    join users b on b.id = c.user_id
    where r.id = ${order.userId}
      and c.status = 'active'
      and c.ends_at > ${now.toISOString()}::timestamptz
      and r.created_at >= c.created_at
      and r.id <> c.user_id
      and ${mailbox(sql`r.email`)} <> ${mailbox(sql`b.email`)}
      and (c.test or ${order.provider} <> 'sandbox')
      and not exists (
        with recursive up(id, depth) as (
          select b.referred_by, 0
          union
          select u.referred_by, up.depth + 1 from users u join up on u.id = up.id
          where up.depth < ${CHAIN_DEPTH}
        )
        select 1 from up where up.id = r.id
      )
    for update of c
  `);
  for (const campaign of campaigns) {
    const added = await tx.execute(sql`
      insert into campaign_recruits (campaign_id, recruit_id, recruiter_id, order_id, counted_at)
      values (${campaign.id}, ${order.userId}, ${campaign.recruiter_id}, ${order.id}, ${now.toISOString()}::timestamptz)
      on conflict do nothing returning recruit_id
    `);
    if (added.rows.length === 0) continue;
    const { rows } = await tx.execute<{ recruits: number }>(
      sql`select count(*)::int as recruits from campaign_recruits where campaign_id = ${campaign.id}`,
    );
    if (Number(rows[0].recruits) >= campaign.goal) {
      await settleReached(tx, campaign, context.commissionHoldDays);
    }
  }
}
