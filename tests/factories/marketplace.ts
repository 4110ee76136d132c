import type { DbOrTx } from "../../server/db/tx";
import { parkingReports } from "../../shared/schema";

/** One parking report per day for the last `days` days (today included), each `revenue` dollars. */
export async function createParkingDays(
  db: DbOrTx,
  domain: { id: string; userId: string },
  options: { days: number; revenue: string; visitors?: number; network?: string },
) {
  const rows = Array.from({ length: options.days }, (_, i) => {
    const day = new Date(Date.now() - i * 86_400_000).toISOString().slice(0, 10);
    return {
      userId: domain.userId,
      domainId: domain.id,
      network: options.network ?? "sedo",
      day,
      visitors: options.visitors ?? 0,
      revenue: options.revenue,
    };
  });
  if (rows.length > 0) await db.insert(parkingReports).values(rows);
}
