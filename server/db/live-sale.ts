import { sql } from "drizzle-orm";
import { LIVE_SALE_MESSAGE, LIVE_SALE_STATUSES } from "../../shared/marketplace-deals";
import { AppError } from "../http/app-error";
import type { DbOrTx } from "./tx";

/**
 * Refuses (409) while the domain is in a sale or lease in progress: unlisting it, marking it sold
 * by hand or removing it would leave the platform holding a buyer's money for nothing.
 */
export async function assertNoLiveSale(db: DbOrTx, domainId: string): Promise<void> {
  const statuses = sql.join(
    LIVE_SALE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const { rows } = await db.execute(
    sql`select 1 from marketplace_transactions where domain_id = ${domainId} and status in (${statuses}) limit 1`,
  );
  if (rows.length > 0) throw new AppError("CONFLICT", LIVE_SALE_MESSAGE);
}
