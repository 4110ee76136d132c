import { desc, eq, sql } from "drizzle-orm";
import type { TAffiliate, TAffiliateStats } from "../../../shared/api/affiliates";
import { affiliates } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";

type AffiliateRow = typeof affiliates.$inferSelect;

export function toAffiliate(row: AffiliateRow, testCommissions = "0.00"): TAffiliate {
  return {
    id: row.id,
    email: row.email,
    level: row.level,
    commissionRate: Number(row.commissionRate),
    totalCommissions: row.totalCommissions,
    testCommissions,
    isActive: row.isActive,
    referralCode: row.referredUserId ? null : row.referralCode,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A referral who joined (or was made active); anything else is an invitation still open. */
const joined = sql`(${affiliates.referredUserId} is not null or ${affiliates.isActive})`;

/** The user's affiliates, newest first, each with the test commission sandbox orders recorded. */
export async function listAffiliates(options: { db: DbOrTx; userId: string }): Promise<TAffiliate[]> {
  const rows = await options.db
    .select()
    .from(affiliates)
    .where(eq(affiliates.userId, options.userId))
    .orderBy(desc(affiliates.createdAt), desc(affiliates.id));
  const { rows: tests } = await options.db.execute<{ affiliate_id: string; amount: string }>(sql`
    select metadata->>'affiliateId' as affiliate_id, sum(amount)::numeric(14,2)::text as amount
    from revenue_events
    where user_id = ${options.userId} and type = 'affiliate' and metadata->>'test' = 'true'
    group by 1
  `);
  const testBy = new Map(tests.map((r) => [r.affiliate_id, r.amount]));
  return rows.map((row) => toAffiliate(row, testBy.get(row.id)));
}

/**
 * Referrals who joined (an open invitation is not one yet: it is counted as pending), how many
 * of them are active, and everything they earned the user.
 */
export async function affiliateStats(options: { db: DbOrTx; userId: string }): Promise<TAffiliateStats> {
  const [row] = await options.db
    .select({
      totalReferrals: sql<number>`(count(*) filter (where ${joined}))::int`,
      activeReferrals: sql<number>`(count(*) filter (where ${joined} and ${affiliates.isActive}))::int`,
      pendingInvitations: sql<number>`(count(*) filter (where not (${joined})))::int`,
      totalCommissions: sql<string>`coalesce(sum(${affiliates.totalCommissions}), 0)::numeric(14,2)::text`,
    })
    .from(affiliates)
    .where(eq(affiliates.userId, options.userId));
  return {
    totalReferrals: row.totalReferrals,
    activeReferrals: row.activeReferrals,
    totalCommissions: row.totalCommissions,
    pendingInvitations: row.pendingInvitations,
  };
}
