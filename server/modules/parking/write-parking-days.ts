import { sql } from "drizzle-orm";
import { parkingNetworkLabel, type TParkingNetwork } from "../../../shared/api/parking";
import type { Tx } from "../../db/tx";
import { parkingCreditSteps } from "../revenue/reported-revenue";

/** One domain-day as written: revenue in US dollars; a connected network's other currency is kept beside it. */
export interface ParkingDay {
  domain_id: string;
  day: string;
  visitors: number;
  clicks: number;
  revenue: string;
  /** The network's own currency and figure, and the rate source that converted it (USD: left out). */
  currency?: string;
  reported_amount?: string;
  rate_source?: string;
}

/** A domain-day whose revenue a write changed: the figure before and after (in dollars and cents). */
export type RevisedParkingDay = {
  domain_id: string;
  day: string;
  previous: string;
  revenue: string;
};

/**
 * Writes domain-days to `parking_reports` and the ledger: the one writer of parking revenue, for
 * imported reports and connected networks alike (same rows, same keys, same P&L). One statement
 * writes the whole chunk, set-based: a day whose figures are already there as they are is left
 * alone; each new or changed day gets its `parking` revenue event (`parkingCreditSteps`, removed
 * when it earned nothing). With `revisions`, each day whose revenue changed is also kept in
 * `parking_revisions` and answered.
 */
export async function writeParkingDays(
  tx: Tx,
  chunk: {
    userId: string;
    network: TParkingNetwork;
    days: ParkingDay[];
    nameOf: Map<string, string>;
    revisions?: boolean;
  },
): Promise<RevisedParkingDay[]> {
  const { userId, network, days, nameOf } = chunk;
  if (days.length === 0) return [];
  const column = <T>(pick: (d: ParkingDay) => T) => sql.param(days.map(pick));
  const { rows } = await tx.execute<RevisedParkingDay>(sql`
    with x as (
      select * from unnest(${column((d) => d.domain_id)}::uuid[], ${column((d) => nameOf.get(d.domain_id))}::text[],
        ${column((d) => d.day)}::date[], ${column((d) => d.visitors)}::int[], ${column((d) => d.clicks)}::int[],
        ${column((d) => d.revenue)}::numeric[], ${column((d) => d.currency ?? null)}::text[],
        ${column((d) => d.reported_amount ?? null)}::numeric[], ${column((d) => d.rate_source ?? null)}::text[])
        as x(domain_id, name, day, visitors, clicks, revenue, currency, reported_amount, rate_source)
    ), earlier as (
      -- Each day's figure before this statement, found by its key alone: the lookup stays one
      -- probe of the primary key however stale the table's statistics are. When the owner has no
      -- figure of this network in the chunk's days at all (a first sync), one look at the owner's
      -- days says so and no day is probed.
      select x.domain_id, x.day, p.revenue from x
      cross join lateral (
        select p.revenue, p.user_id from parking_reports p
        where p.domain_id = x.domain_id and p.network = ${network} and p.day = x.day
        limit 1
      ) p
      where ${chunk.revisions === true}::boolean and p.user_id = ${userId}
        and exists (
          select 1 from parking_reports q
          where q.user_id = ${userId} and q.network = ${network}
            and q.day between (select min(day) from x) and (select max(day) from x)
        )
    ), stored as (
      insert into parking_reports as r (user_id, domain_id, network, day, visitors, clicks, revenue, imported_at,
        currency, reported_amount, rate_source)
      select ${userId}, domain_id, ${network}, day, visitors, clicks, round(revenue, 2), now(),
        coalesce(currency, 'USD'), reported_amount, rate_source
      from x
      on conflict (domain_id, network, day) do update set
        visitors = excluded.visitors, clicks = excluded.clicks, revenue = excluded.revenue,
        imported_at = excluded.imported_at, currency = excluded.currency,
        reported_amount = excluded.reported_amount, rate_source = excluded.rate_source
      where (r.visitors, r.clicks, r.revenue, r.currency, r.reported_amount, r.rate_source)
        is distinct from (excluded.visitors, excluded.clicks, excluded.revenue, excluded.currency,
          excluded.reported_amount, excluded.rate_source)
      returning domain_id, day, revenue, visitors, clicks
    ), changed as (
      select s.domain_id, x.name, s.day, s.revenue, s.visitors, s.clicks
      from stored s join x on x.domain_id = s.domain_id and x.day = s.day
    ), ${parkingCreditSteps({ days: "changed", userId, network, label: parkingNetworkLabel(network) })},
    revised as (
      insert into parking_revisions (user_id, domain_id, network, day, previous_revenue, revenue)
      select ${userId}, s.domain_id, ${network}, s.day, e.revenue, s.revenue
      from stored s join earlier e on e.domain_id = s.domain_id and e.day = s.day
      where e.revenue <> s.revenue
      returning domain_id, day, previous_revenue, revenue
    )
    select domain_id, to_char(day, 'YYYY-MM-DD') as day, previous_revenue::text as previous, revenue::text as revenue
    from revised
  `);
  return rows;
}
