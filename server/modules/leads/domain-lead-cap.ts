import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/tx";

/** Credited leads a day for a domain verified less than a week ago. */
export const NEW_DOMAIN_LEADS_PER_DAY = 5;
/** Credited leads a day from its second week to its 30th day. */
export const YOUNG_DOMAIN_LEADS_PER_DAY = 20;
/** From this many days after verification a domain takes the configured cap. */
export const FULL_CAP_AFTER_DAYS = 30;
/** More than this share of the last 30 days' credited leads returned halves the cap. */
export const RETURNED_SHARE_HALVES_CAP = 0.2;

/**
 * How many leads a verified domain may be credited today: it grows with the days since its
 * ownership was proven (5, then 20, then the configured cap) and is halved while buyers return
 * more than a fifth of its recent leads. A farm of fresh domains earns little before it is seen.
 */
export function dailyLeadCap(options: {
  verifiedDays: number;
  credited: number;
  returned: number;
  fullCap: number;
}): number {
  const { verifiedDays, credited, returned, fullCap } = options;
  const byAge =
    verifiedDays < 7
      ? NEW_DOMAIN_LEADS_PER_DAY
      : verifiedDays < FULL_CAP_AFTER_DAYS
        ? YOUNG_DOMAIN_LEADS_PER_DAY
        : fullCap;
  const cap = Math.min(byAge, fullCap);
  if (credited > 0 && returned / credited > RETURNED_SHARE_HALVES_CAP)
    return Math.max(1, Math.floor(cap / 2));
  return cap;
}

/**
 * Why this lead credits nothing when the domain used up today's cap, or null. The caller holds
 * the domain's lead lock, so two leads at once cannot both take the last place.
 */
export async function overCapReason(
  tx: DbOrTx,
  options: { domainId: string; fullCap: number },
): Promise<string | null> {
  const { rows } = await tx.execute<{
    verified_days: number;
    today: number;
    credited: number;
    returned: number;
  }>(sql`
    select floor(extract(epoch from now() - d.verified_at) / 86400)::int as verified_days,
      (select count(*)::int from leads l where l.domain_id = d.id and l.flag_reason is null
        and l.created_at >= (now() at time zone 'UTC')::date::timestamp at time zone 'UTC') as today,
      count(l.id)::int as credited, count(l.returned_at)::int as returned
    from domains d
    left join leads l on l.domain_id = d.id and l.flag_reason is null
      and l.created_at > now() - interval '30 days'
    where d.id = ${options.domainId}
    group by d.id
  `);
  const row = rows[0];
  if (!row) return null;
  const cap = dailyLeadCap({
    verifiedDays: row.verified_days ?? 0,
    credited: row.credited,
    returned: row.returned,
    fullCap: options.fullCap,
  });
  if (row.today < cap) return null;
  return `Over the domain's cap of ${cap} credited lead${cap === 1 ? "" : "s"} today (verified ${row.verified_days} day${row.verified_days === 1 ? "" : "s"} ago${row.returned > 0 ? `, ${row.returned} of its last ${row.credited} returned` : ""}).`;
}
