import { AFFILIATE_LEVEL_RATES, type TAffiliateLevel } from "../../../shared/api/affiliates";
import type { DbOrTx } from "../../db/tx";

/** The commission percent a new affiliate of this user earns them, as stored: "5.00". */
export async function commissionRateFor(
  _db: DbOrTx,
  options: { userId: string; level: TAffiliateLevel },
): Promise<string> {
  return AFFILIATE_LEVEL_RATES[options.level].toFixed(2);
}
