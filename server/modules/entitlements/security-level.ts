import { SECURITY_LEVELS } from "../../../shared/prices";
import type { DbOrTx } from "../../db/tx";
import { entitlementsOf } from "./entitlements.service";

/** The entitlement keys of the Enhanced Security levels: `security:basic`, `security:advanced`, … */
export const SECURITY_LEVEL_FEATURES: readonly string[] = SECURITY_LEVELS.map((l) => `security:${l.id}`);

/**
 * True when the user holds an Enhanced Security level now, whichever: every level brings sign-in
 * alerts and the weekly security summary (docs/security.md#accounts-and-sign-in).
 */
export async function hasSecurityLevel(db: DbOrTx, userId: string): Promise<boolean> {
  const granted = await entitlementsOf({ db, userId });
  return granted.some((e) => SECURITY_LEVEL_FEATURES.includes(e.feature));
}
