import { and, eq, gt, inArray, isNull, like, or } from "drizzle-orm";
import {
  PROTECTION_TERMS,
  protectionLevelOf,
  strongestProtection,
  type TProtectionLevel,
} from "../../../shared/marketplace-deals";
import { entitlements } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";

/** What the platform's configuration says of every sale. */
export interface SaleConfig {
  inspectionDays: number;
  commissionPercent: number;
  /** Days the seller's proceeds stay pending after completion (the refund and chargeback window). */
  holdDays: number;
}

/** The strongest Buyer Protection level the seller holds for the domain now, or null. */
export async function protectionOf(
  db: DbOrTx,
  sellerId: string,
  domainId: string,
): Promise<TProtectionLevel | null> {
  const now = new Date();
  const rows = await db
    .select({ feature: entitlements.feature })
    .from(entitlements)
    .where(
      and(
        eq(entitlements.userId, sellerId),
        eq(entitlements.domainId, domainId),
        like(entitlements.feature, "buyer-protection:%"),
        inArray(entitlements.status, ["active", "grace"]),
        or(isNull(entitlements.endsAt), gt(entitlements.endsAt, now)),
      ),
    );
  const levels = rows
    .map((r) => protectionLevelOf(r.feature))
    .filter((l): l is TProtectionLevel => l !== null);
  return strongestProtection(levels);
}

/** The inspection a sale gets: the platform's, or the protection level's when that is longer. */
export function inspectionDaysFor(level: TProtectionLevel | null, configured: number): number {
  return level ? Math.max(configured, PROTECTION_TERMS[level].inspectionDays) : configured;
}
