import { randomBytes } from "node:crypto";
import type { DbOrTx } from "../../server/db/tx";
import { creditRevenue, type RevenueType } from "../../server/modules/revenue/reported-revenue";
import { affiliates } from "../../shared/schema";

export interface EventSpec {
  type: RevenueType;
  amount: string;
  /** An instant, e.g. "2026-03-01T10:19:00+05:30". */
  at: string;
  domainId?: string;
  description?: string;
  sourceKey?: string;
}

/** Credits revenue through the ledger, as the product's producers do; each event gets its own key. */
export async function credit(db: DbOrTx, userId: string, events: EventSpec[]): Promise<void> {
  await creditRevenue(
    db,
    events.map((e) => ({
      userId,
      type: e.type,
      amount: e.amount,
      domainId: e.domainId ?? null,
      description: e.description ?? `${e.type} ${e.amount}`,
      metadata: { test: true },
      sourceKey: e.sourceKey ?? `test:${randomBytes(8).toString("hex")}`,
      occurredAt: new Date(e.at),
    })),
  );
}

/** An affiliate row of `userId` (a referral), active or not, with its commissions so far. */
export async function createAffiliate(
  db: DbOrTx,
  userId: string,
  options: { isActive: boolean; totalCommissions: string; level?: number },
) {
  const tag = randomBytes(5).toString("hex");
  const [row] = await db
    .insert(affiliates)
    .values({
      userId,
      email: `referral_${tag}@example.com`,
      level: options.level ?? 1,
      commissionRate: "5.00",
      referralCode: `ref-${tag}`,
      isActive: options.isActive,
      totalCommissions: options.totalCommissions,
    })
    .returning();
  return row;
}
