import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../server/db/tx";
import { creditRevenue, type RevenueType } from "../../server/modules/revenue/reported-revenue";
import { domainTraffic, parkingReports } from "../../shared/schema";

/** One revenue event through the ledger, at the given instant. */
export async function addRevenue(
  db: DbOrTx,
  event: { userId: string; domainId?: string | null; type: RevenueType; amount: string; at: Date },
) {
  await creditRevenue(db, [
    {
      userId: event.userId,
      domainId: event.domainId ?? null,
      type: event.type,
      amount: event.amount,
      description: `${event.type} revenue`,
      sourceKey: `test:${randomBytes(8).toString("hex")}`,
      occurredAt: event.at,
    },
  ]);
}

/** Landing-page visits and leads of a domain on a calendar day ("YYYY-MM-DD"). */
export async function addTraffic(
  db: DbOrTx,
  domain: { id: string; userId: string },
  row: { day: string; visits: number; leads: number },
) {
  await db.insert(domainTraffic).values({ domainId: domain.id, userId: domain.userId, ...row });
}

/** An ad network's report of a domain's visitors and revenue on a calendar day. */
export async function addParkingReport(
  db: DbOrTx,
  domain: { id: string; userId: string },
  row: { day: string; visitors: number; clicks?: number; revenue?: string; network?: string },
) {
  await db.insert(parkingReports).values({
    domainId: domain.id,
    userId: domain.userId,
    network: row.network ?? "sedo",
    day: row.day,
    visitors: row.visitors,
    clicks: row.clicks ?? 0,
    revenue: row.revenue ?? "0.00",
  });
}

/**
 * Grants an analytics entitlement as a paid order would: a premium analytics plan
 * ("premium-analytics:pro") or the Analytics Pro tool ("marketing-tool:analytics-pro").
 */
export async function grantAnalytics(
  db: DbOrTx,
  userId: string,
  tier: "pro" | "business" | "enterprise" | "analytics-pro",
): Promise<void> {
  const feature = tier === "analytics-pro" ? "marketing-tool:analytics-pro" : `premium-analytics:${tier}`;
  await db.execute(sql`
    insert into entitlements (user_id, feature, source, starts_at)
    values (${userId}, ${feature}, 'order', now() - interval '1 minute')
  `);
}

/** `days` days of parking revenue before today, one event a day: history enough to forecast from 56. */
export async function addDailyRevenue(db: DbOrTx, userId: string, days: number, amount = "25.00") {
  const now = Date.now();
  await creditRevenue(
    db,
    Array.from({ length: days }, (_, k) => ({
      userId,
      domainId: null,
      type: "parking" as RevenueType,
      amount,
      description: "parking revenue",
      sourceKey: `test:${randomBytes(8).toString("hex")}`,
      occurredAt: new Date(now - (k + 1) * 86_400_000),
    })),
  );
}
