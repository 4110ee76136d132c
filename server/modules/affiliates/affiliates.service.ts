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

/** Referrals invited or brought in, how many registered, and everything they earned the user. */
export async function affiliateStats(options: { db: DbOrTx; userId: string }): Promise<TAffiliateStats> {
  const [row] = await options.db
    .select({
      totalReferrals: sql<number>`count(*)::int`,
      activeReferrals: sql<number>`(count(*) filter (where ${affiliates.isActive}))::int`,
      totalCommissions: sql<string>`coalesce(sum(${affiliates.totalCommissions}), 0)::numeric(14,2)::text`,
    })
    .from(affiliates)
    .where(eq(affiliates.userId, options.userId));
  return {
    totalReferrals: row.totalReferrals,
    activeReferrals: row.activeReferrals,
    totalCommissions: row.totalCommissions,
  };
}
