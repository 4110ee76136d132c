import { sql } from "drizzle-orm";
import { LIVE_SALE_STATUSES } from "../../shared/marketplace-deals";
import type { DbOrTx } from "./tx";

/**
 * Whether the domain is in a sale or lease in progress: while it is, unlisting it, marking it sold
 * by hand or removing it would leave the platform holding a buyer's money for nothing.
 */
export async function hasLiveSale(db: DbOrTx, domainId: string): Promise<boolean> {
  const { rows } = await db.execute(
    sql`select 1 from marketplace_transactions where domain_id = ${domainId} and status in (${liveStatuses()}) limit 1`,
  );
  return rows.length > 0;
}

/**
 * Whether the user buys or sells in a sale or lease in progress: deleting the account would take
 * the sale's record with it while the other side's money or domain is still in it.
 */
export async function takesPartInLiveSale(db: DbOrTx, userId: string): Promise<boolean> {
  const { rows } = await db.execute(
    sql`select 1 from marketplace_transactions
        where (buyer_id = ${userId} or seller_id = ${userId}) and status in (${liveStatuses()}) limit 1`,
  );
  return rows.length > 0;
}

const liveStatuses = () =>
  sql.join(
    LIVE_SALE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
