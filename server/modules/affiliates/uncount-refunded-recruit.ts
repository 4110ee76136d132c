import { sql } from "drizzle-orm";
import { formatUsd } from "../../../shared/money";
import type { DbOrTx } from "../../db/tx";
import { notify } from "../notifications/notify";
import { reverseHeldBonuses } from "./settle-campaign";

/**
 * A recruit of a reached campaign whose counted order is refunded while the bonus is still held
 * (docs/affiliates.md#recruitment-campaigns): they stop counting. If the campaign then falls
 * below its goal, every bonus share still pending is reversed through the ledger and the campaign
 * runs again until its end (the campaigns job settles it as missed after that, returning the
 * bonus to the buyer). Once the hold has ended the outcome stands. A test campaign keeps its
 * recorded outcome.
 */
export async function uncountRefundedRecruit(tx: DbOrTx, orderId: string, reason: string): Promise<void> {
  const { rows: campaigns } = await tx.execute<{
    id: string;
    user_id: string;
    goal: number;
    bonus: string;
  }>(sql`
    select c.id::text, c.user_id::text, c.goal, c.bonus::text
    from recruitment_campaigns c
    join campaign_recruits r on r.campaign_id = c.id
    where r.order_id = ${orderId}::uuid and c.status = 'reached' and not c.test
      and exists (
        select 1 from ledger_entries e
        where starts_with(e.source_key, 'held:campaign:' || c.id::text || ':')
          and e.kind = 'campaign-bonus' and e.status = 'pending'
      )
    for update of c
  `);
  for (const campaign of campaigns) {
    await tx.execute(
      sql`delete from campaign_recruits where campaign_id = ${campaign.id} and order_id = ${orderId}::uuid`,
    );
    const { rows } = await tx.execute<{ recruits: number }>(
      sql`select count(*)::int as recruits from campaign_recruits where campaign_id = ${campaign.id}`,
    );
    const recruits = Number(rows[0].recruits);
    if (recruits >= campaign.goal) continue;
    const reversed = await reverseHeldBonuses(tx, campaign.id, {
      cause: `recruit-refunded:${orderId}`,
      reason,
    });
    await tx.execute(sql`
      update recruitment_campaigns set status = 'active', settled_at = null where id = ${campaign.id}
    `);
    for (const userId of reversed) {
      await notify(tx, {
        userId,
        kind: "campaign_update",
        title: "Recruitment bonus reversed",
        body: `A recruit's order was refunded during the hold: the campaign is back to ${recruits} of ${campaign.goal} recruits.`,
        href: "/affiliates",
      });
    }
    await notify(tx, {
      userId: campaign.user_id,
      kind: "campaign_update",
      title: "Recruitment goal no longer reached",
      body: `A recruit's order was refunded: ${recruits} of ${campaign.goal} recruits. The ${formatUsd(campaign.bonus)} bonus was taken back and the campaign runs until its end.`,
      href: "/affiliates",
    });
  }
}
