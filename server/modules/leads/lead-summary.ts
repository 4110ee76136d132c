import { sql } from "drizzle-orm";
import type { TLeadSummary } from "../../../shared/api/leads/leads";
import type { Db } from "../../db/pool";

/** The leads on the user's domains by what became of them: sold, unsold, returned, still selling; and the share earned. */
export async function leadSummary(db: Db, userId: string): Promise<TLeadSummary> {
  const { rows } = await db.execute<{
    recent: boolean;
    sold: number;
    unsold: number;
    returned: number;
    selling: number;
    earned: string;
  }>(sql`
    select r.recent,
      count(*) filter (where l.sale_status = 'sold' and l.returned_at is null)::int as sold,
      count(*) filter (where l.sale_status = 'unsold')::int as unsold,
      count(*) filter (where l.sale_status = 'sold' and l.returned_at is not null)::int as returned,
      count(*) filter (where l.sale_status = 'pending')::int as selling,
      coalesce(sum(l.value) filter (where l.sale_status = 'sold' and l.returned_at is null), 0)::numeric(14, 2)::text as earned
    from leads l
    join domains d on d.id = l.domain_id and d.user_id = ${userId}
    cross join lateral (values (true), (false)) as r(recent)
    where not r.recent or l.created_at > now() - interval '30 days'
    group by r.recent
  `);
  const empty = { sold: 0, unsold: 0, returned: 0, selling: 0, earned: "0.00" };
  const pick = (recent: boolean) => {
    const row = rows.find((r) => r.recent === recent);
    return row
      ? {
          sold: row.sold,
          unsold: row.unsold,
          returned: row.returned,
          selling: row.selling,
          earned: row.earned,
        }
      : empty;
  };
  return { last30Days: pick(true), allTime: pick(false) };
}
