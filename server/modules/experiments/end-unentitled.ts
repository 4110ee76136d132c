import { sql } from "drizzle-orm";
import type { ServiceOrder } from "../../../shared/schema";
import type { DbOrTx, Tx } from "../../db/tx";
import { noEffect, type OrderEffects } from "../../payments/money-effects";
import { SPLIT_TESTING_FEATURE } from "./experiments.service";

/**
 * Split tests whose owner no longer holds the Split Testing tool (refunded, charged back, lapsed or
 * cancelled) stop, with no winner: the domain serves its own page again, as before the test. One
 * owner's, or everyone's (the experiments job). Answers how many stopped.
 */
export async function stopTestsWithoutSplitTesting(db: DbOrTx, userId?: string): Promise<number> {
  const { rows } = await db.execute<{ id: string }>(sql`
    update experiments x set status = 'stopped', winner = null, stopped_at = now()
    where x.status = 'running' and (${userId ?? null}::uuid is null or x.user_id = ${userId ?? null}::uuid)
      and not exists (
        select 1 from entitlements e
        where e.user_id = x.user_id and e.feature = ${SPLIT_TESTING_FEATURE}
          and e.status in ('active', 'grace') and (e.ends_at is null or e.ends_at > now()))
    returning x.id
  `);
  return rows.length;
}

const stopOwnersTests = async (tx: Tx, order: ServiceOrder) => {
  await stopTestsWithoutSplitTesting(tx, order.userId);
};

/** What an order's money means to split tests: taken back, the Split Testing it granted ends its running tests. */
export const experimentOrderEffects: OrderEffects = {
  paid: noEffect("a paid Split Testing is an entitlement (billing): tests start when the owner starts one"),
  refunded: stopOwnersTests,
  partlyRefunded: noEffect("a part refunded keeps Split Testing"),
  chargedBack: stopOwnersTests,
  chargebackWon: noEffect("a stopped test stays stopped: the owner starts a new one"),
};
