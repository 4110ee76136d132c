import { randomBytes } from "node:crypto";
import type { DbOrTx } from "../../server/db/tx";
import { domains, parkingReports } from "../../shared/schema";

type NewDomain = typeof domains.$inferInsert;

/** Inserts a domain row for `userId` (listed, sold… through `overrides`); a unique `.com` name unless one is given. */
export async function createDomain(db: DbOrTx, userId: string, overrides: Partial<NewDomain> = {}) {
  const [domain] = await db
    .insert(domains)
    .values({ userId, name: `parked-${randomBytes(5).toString("hex")}.com`, ...overrides })
    .returning();
  return domain;
}

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
