import { randomBytes } from "node:crypto";
import type { DbOrTx } from "../../server/db/tx";
import { creditRevenue, type RevenueType } from "../../server/modules/ledger/ledger.service";
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
  row: { day: string; visitors: number; revenue?: string; network?: string },
) {
  await db.insert(parkingReports).values({
    domainId: domain.id,
    userId: domain.userId,
    network: row.network ?? "sedo",
    day: row.day,
    visitors: row.visitors,
    revenue: row.revenue ?? "0.00",
  });
}
