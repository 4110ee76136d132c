import { sql } from "drizzle-orm";
import { centsToDecimal, formatUsd, toCents } from "../../../shared/money";
import { billingNow } from "../../db/billing-clock";
import type { Db } from "../../db/pool";
import type { DbOrTx } from "../../db/tx";
import { creditHeldFunds } from "../ledger/held-funds";
import { reverseHeldFunds } from "../ledger/reverse-credit";
import { notify } from "../notifications/notify";
import { creditRevenue } from "../revenue/reported-revenue";
import { splitBonus } from "./split-bonus";

/** A campaign as settling reads it; `order_id` is the order whose payment funds its bonus. */
type CampaignRow = {
  id: string;
  user_id: string;
  goal: number;
  bonus: string;
  test: boolean;
  order_id: string;
};

/**
 * A bonus share's ledger key. A campaign that fell below its goal during the hold and reached it
 * again settles anew: `round` (the shares reversed before) keeps the new keys apart from the old.
 */
export const bonusKey = (campaignId: string, recruiterId: string, round = 0) =>
  `campaign:${campaignId}:${recruiterId}${round > 0 ? `:${round}` : ""}`;
export const returnKey = (campaignId: string) => `campaign-return:${campaignId}`;

const tell = (tx: DbOrTx, userId: string, title: string, body: string) =>
  notify(tx, { userId, kind: "campaign_update", title, body, href: "/affiliates" });

/**
 * The goal is reached: the bonus is shared among the recruiting affiliates in proportion to their
 * recruits (whole cents, adding up to the bonus), held like a commission for the refund window;
 * in test mode it is only recorded, marked test. Runs once: the status moves first.
 */
export async function settleReached(tx: DbOrTx, campaign: CampaignRow, holdDays: number): Promise<void> {
  const moved = await tx.execute(sql`
    update recruitment_campaigns set status = 'reached', settled_at = ${(await billingNow(tx)).toISOString()}::timestamptz
    where id = ${campaign.id} and status = 'active' returning id
  `);
  if (moved.rows.length === 0) return;
  const { rows } = await tx.execute<{ recruiter_id: string; recruits: number }>(sql`
    select recruiter_id::text, count(*)::int as recruits from campaign_recruits
    where campaign_id = ${campaign.id} group by recruiter_id order by min(counted_at), recruiter_id
  `);
  const { rows: before } = await tx.execute<{ reversed: number }>(sql`
    select count(*)::int as reversed from revenue_events where starts_with(source_key, ${`reversal:campaign:${campaign.id}:`})
  `);
  const round = Number(before[0].reversed);
  const shares = splitBonus(
    toCents(campaign.bonus),
    rows.map((r) => ({ recruiterId: r.recruiter_id, recruits: Number(r.recruits) })),
  );
  for (const share of shares) {
    const amount = centsToDecimal(share.cents);
    const description = `Recruitment campaign bonus: ${share.recruits} of ${campaign.goal} recruits`;
    const metadata = { campaignId: campaign.id, recruits: share.recruits };
    const sourceKey = bonusKey(campaign.id, share.recruiterId, round);
    if (campaign.test) {
      await creditRevenue(tx, [
        {
          userId: share.recruiterId,
          type: "affiliate",
          amount,
          description: `${description} (test payment)`,
          metadata: { ...metadata, test: true },
          sourceKey,
        },
      ]);
    } else {
      await creditHeldFunds(tx, {
        userId: share.recruiterId,
        kind: "campaign-bonus",
        revenueType: "affiliate",
        amount,
        holdDays,
        description,
        metadata,
        sourceKey,
        orderId: campaign.order_id,
      });
    }
    await tell(
      tx,
      share.recruiterId,
      "Recruitment bonus earned",
      `${formatUsd(amount)} for ${share.recruits} recruits${campaign.test ? " (test payment)" : ", held for the refund window"}.`,
    );
  }
  await tell(
    tx,
    campaign.user_id,
    "Recruitment goal reached",
    `${campaign.goal} paying recruits: the ${formatUsd(campaign.bonus)} bonus was shared among ${shares.length} affiliates.`,
  );
}

/**
 * Campaigns whose time ran out without reaching the goal: the bonus goes back to the buyer's
 * balance as available funds (in test mode, recorded only). Run by the campaigns job; each
 * campaign is settled once, in its own transaction.
 */
export async function settleMissedCampaigns(options: { db: Db; now?: Date }): Promise<{ missed: number }> {
  const now = options.now ?? (await billingNow(options.db));
  const { rows: due } = await options.db.execute<{ id: string }>(sql`
    select id from recruitment_campaigns where status = 'active' and ends_at <= ${now.toISOString()}::timestamptz
  `);
  let missed = 0;
  for (const { id } of due) {
    const done = await options.db.transaction(async (tx) => {
      const { rows } = await tx.execute<CampaignRow & { recruits: number }>(sql`
        update recruitment_campaigns set status = 'missed', settled_at = ${now.toISOString()}::timestamptz
        where id = ${id} and status = 'active'
        returning id, user_id::text, goal, bonus::text, test, order_id::text,
          (select count(*)::int from campaign_recruits r where r.campaign_id = recruitment_campaigns.id) as recruits
      `);
      const campaign = rows[0];
      if (!campaign) return false;
      const description = `Recruitment campaign bonus returned: ${campaign.recruits} of ${campaign.goal} recruits`;
      if (campaign.test) {
        await creditRevenue(tx, [
          {
            userId: campaign.user_id,
            type: "other",
            amount: campaign.bonus,
            description: `${description} (test payment)`,
            metadata: { campaignId: campaign.id, test: true },
            sourceKey: returnKey(campaign.id),
          },
        ]);
      } else {
        await creditHeldFunds(tx, {
          userId: campaign.user_id,
          kind: "campaign-return",
          revenueType: "other",
          amount: campaign.bonus,
          holdDays: 0,
          description,
          metadata: { campaignId: campaign.id },
          sourceKey: returnKey(campaign.id),
          orderId: campaign.order_id,
        });
      }
      await tell(
        tx,
        campaign.user_id,
        "Recruitment goal missed",
        `${campaign.recruits} of ${campaign.goal} recruits: ${formatUsd(campaign.bonus)} returned to your balance${campaign.test ? " (test payment)" : ""}.`,
      );
      return true;
    });
    if (done) missed += 1;
  }
  return { missed };
}

/**
 * Takes back the bonus shares of a campaign that are still held; answers whose shares they were.
 * Shares already released stay paid.
 */
export async function reverseHeldBonuses(
  tx: DbOrTx,
  campaignId: string,
  because: { cause: string; reason: string },
): Promise<string[]> {
  const { rows } = await tx.execute<{ source_key: string; user_id: string }>(sql`
    select substr(source_key, 6) as source_key, user_id::text from ledger_entries
    where starts_with(source_key, ${`held:campaign:${campaignId}:`}) and kind = 'campaign-bonus' and status = 'pending'
  `);
  const users: string[] = [];
  for (const row of rows) {
    if ((await reverseHeldFunds(tx, { sourceKey: row.source_key, ...because })) > 0) users.push(row.user_id);
  }
  return users;
}
