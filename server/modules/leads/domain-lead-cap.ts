import { sql } from "drizzle-orm";
import { UTC_TODAY } from "../../db/iso-time";
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
 * Takes this lead's place under the domain's cap of credited leads today, or answers why it
 * credits nothing. The cap's inputs (the domain's verified age, and its last 30 days' credited and
 * returned leads, counted only when buyers returned some: the returned ones have their own index)
 * are read first; then the day's count of credited leads in `domain_traffic` is raised in one
 * statement only while it is under the cap. That row stays locked until the transaction ends, so
 * concurrent leads of the domain count one by one, and each holds it for the lead's insert alone.
 * The count is raised here and nowhere else, in the transaction that stores the credited lead.
 * The domain's row is held (key share, as the lead's own reference to it would) before the day's
 * row, so a deletion of the domain, which takes the domain's row and then its traffic, waits for
 * the lead or goes first, and never deadlocks with it.
 */
export async function takeCapPlace(
  tx: DbOrTx,
  options: { domainId: string; userId: string; fullCap: number },
): Promise<string | null> {
  const { domainId, userId } = options;
  const { rows } = await tx.execute<{ verified_days: number; credited: number; returned: number }>(sql`
    select floor(extract(epoch from now() - d.verified_at) / 86400)::int as verified_days,
      case when r.returned = 0 then 0 else (
        select count(*)::int from leads l where l.domain_id = d.id and l.flag_reason is null
          and l.created_at > now() - interval '30 days'
      ) end as credited,
      r.returned
    from domains d
    cross join lateral (
      select count(*)::int as returned from leads l
      where l.domain_id = d.id and l.returned_at is not null and l.flag_reason is null
        and l.created_at > now() - interval '30 days'
    ) r
    where d.id = ${domainId}
    for key share of d
  `);
  const row = rows[0];
  if (!row) return null;
  const cap = dailyLeadCap({
    verifiedDays: row.verified_days ?? 0,
    credited: row.credited,
    returned: row.returned,
    fullCap: options.fullCap,
  });
  const counted = await tx.execute(sql`
    insert into domain_traffic (domain_id, user_id, day, leads) values (${domainId}, ${userId}, ${UTC_TODAY}, 1)
    on conflict (domain_id, day) do update set leads = domain_traffic.leads + 1
      where domain_traffic.leads < ${cap}
  `);
  if ((counted.rowCount ?? 0) > 0) return null;
  return `Over the domain's cap of ${cap} credited lead${cap === 1 ? "" : "s"} today (verified ${row.verified_days} day${row.verified_days === 1 ? "" : "s"} ago${row.returned > 0 ? `, ${row.returned} of its last ${row.credited} returned` : ""}).`;
}
