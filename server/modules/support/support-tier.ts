import { supportTarget, supportTierOf } from "../../../shared/support";
import type { DbOrTx } from "../../db/tx";
import { entitlementsOf } from "../entitlements/entitlements.service";

/** The support tier the user holds now (their entitlements) and its response target. */
export async function supportTargetOf(db: DbOrTx, userId: string) {
  return supportTarget(supportTierOf(await entitlementsOf({ db, userId })));
}
