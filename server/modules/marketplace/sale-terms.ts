import { sql } from "drizzle-orm";
import {
  PROTECTION_TERMS,
  protectionLevelOf,
  strongestProtection,
  type TProtectionLevel,
} from "../../../shared/marketplace-deals";
import type { DbOrTx } from "../../db/tx";

/** What the platform's configuration says of every sale. */
export interface SaleConfig {
  inspectionDays: number;
  commissionPercent: number;
  /** Days the seller's proceeds stay pending after completion (the refund and chargeback window). */
  holdDays: number;
}

/**
 * The strongest Buyer Protection level the seller holds for the domain now, or null. The grant is
 * `buyer-protection` on the domain; its level is what the paid order asked for.
 */
export async function protectionOf(
  db: DbOrTx,
  sellerId: string,
  domainId: string,
): Promise<TProtectionLevel | null> {
  const { rows } = await db.execute<{ level: string | null }>(sql`
    select o.metadata -> 'request' ->> 'protectionLevel' as level
    from entitlements e join service_orders o on o.id = e.order_id
    where e.user_id = ${sellerId} and e.domain_id = ${domainId} and e.feature = 'buyer-protection'
      and e.status in ('active', 'grace') and (e.ends_at is null or e.ends_at > now())
  `);
  const levels = rows
    .map((r) => protectionLevelOf(r.level ?? ""))
    .filter((l): l is TProtectionLevel => l !== null);
  return strongestProtection(levels);
}

/** The inspection a sale gets: the platform's, or the protection level's when that is longer. */
export function inspectionDaysFor(level: TProtectionLevel | null, configured: number): number {
  return level ? Math.max(configured, PROTECTION_TERMS[level].inspectionDays) : configured;
}

/** The lease-to-own terms (months) the seller offers on the domain now: its active Financing grants. */
export async function financingMonthsOf(db: DbOrTx, sellerId: string, domainId: string): Promise<number[]> {
  const { rows } = await db.execute<{ terms: string | null }>(sql`
    select o.metadata -> 'request' ->> 'terms' as terms
    from entitlements e join service_orders o on o.id = e.order_id
    where e.user_id = ${sellerId} and e.domain_id = ${domainId} and e.feature = 'financing'
      and e.status in ('active', 'grace') and (e.ends_at is null or e.ends_at > now())
  `);
  return rows.map((r) => Number(r.terms)).filter((n) => Number.isInteger(n) && n > 0);
}
