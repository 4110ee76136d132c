import { type SQL, sql } from "drizzle-orm";
import type { TDomain } from "../../../shared/api/domains";
import type { DbOrTx } from "../../db/tx";

/** Traffic days (`domain_traffic.day`) are calendar days in UTC. */
export const UTC_TODAY = sql`(now() at time zone 'UTC')::date`;

/** A timestamptz as an ISO-8601 UTC string, the way the API sends every time. */
export const isoTime = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A calendar date (registration, expiry) as the instant it is stored at: noon UTC, which is the
 * same calendar day in every time zone from UTC−11 to UTC+11, wherever it is displayed.
 */
export const calendarDay = (date: SQL) => sql`(${date}::date + time '12:00') at time zone 'UTC'`;

/** Days over which `parkingRevenue` (a daily average) and `visitors` are measured. */
export const RECENT_DAYS = 30;

/**
 * The user's domains (or the one `domainId`), each with its figures over the
 * last 30 days of the owner's calendar: `parkingRevenue` is the average daily parking revenue
 * (the dashboard's month estimate is it times 30), `visitors` adds ad-network visitors and
 * visits counted on the parked host. Aggregates read only the window, through the user/day indexes.
 */
export async function selectDomains(
  db: DbOrTx,
  options: { userId: string; domainId?: string },
): Promise<TDomain[]> {
  const { userId, domainId } = options;
  const onlyDomain = domainId ? sql`and domain_id = ${domainId}` : sql``;
  const result = await db.execute<TDomain & Record<string, unknown>>(sql`
    with window_start as (
      select (now() at time zone u.time_zone)::date - ${RECENT_DAYS - 1}::int as day from users u where u.id = ${userId}
    ),
    parking as (
      select p.domain_id, sum(p.revenue) as revenue, sum(p.visitors) as visitors
      from parking_reports p, window_start w
      where p.user_id = ${userId} and p.day >= w.day ${onlyDomain}
      group by p.domain_id
    ),
    traffic as (
      select t.domain_id, sum(t.visits) as visits
      from domain_traffic t, window_start w
      where t.user_id = ${userId} and t.day >= w.day ${onlyDomain}
      group by t.domain_id
    )
    select d.id, d.name, d.status, d.ad_network as "adNetwork", d.nameservers,
      d.parking_template as "parkingTemplate",
      round(coalesce(parking.revenue, 0) / ${RECENT_DAYS}::int, 2)::text as "parkingRevenue",
      (coalesce(parking.visitors, 0) + coalesce(traffic.visits, 0))::int as visitors,
      ${isoTime(sql`d.registration_date`)} as "registrationDate", ${isoTime(sql`d.expiry_date`)} as "expiryDate",
      d.marketplace_price as "marketplacePrice", d.purchase_price as "purchasePrice",
      d.renewal_cost as "renewalCost", ${isoTime(sql`d.created_at`)} as "createdAt"
    from domains d
    left join parking on parking.domain_id = d.id
    left join traffic on traffic.domain_id = d.id
    where d.user_id = ${userId} ${domainId ? sql`and d.id = ${domainId}` : sql``}
    order by d.created_at desc, d.name
  `);
  return result.rows;
}
