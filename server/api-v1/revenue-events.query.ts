import { sql } from "drizzle-orm";
import type { TRevenueEvent, TRevenueEventsQuery } from "../../shared/api/v1/revenue";
import { cursorPage } from "../db/cursor-page";
import { exactIsoTime, isoTime } from "../db/iso-time";
import type { Db } from "../db/pool";

/**
 * The owner's revenue events newest first (the activity feed's index order: time, then id),
 * within the UTC days asked, a page at a time; the cursor is the last row's exact time and id.
 */
export async function listRevenueEvents(options: {
  db: Db;
  userId: string;
  query: TRevenueEventsQuery;
}): Promise<{ data: TRevenueEvent[]; nextCursor: string | null }> {
  const { db, userId, query } = options;
  const after = query.cursor;
  const { rows } = await db.execute<TRevenueEvent & { sortKey: string } & Record<string, unknown>>(sql`
    select e.id, e.type, e.amount::text as amount, e.description, e.domain_id as "domainId",
      d.name as "domainName", ${isoTime(sql`e.occurred_at`)} as "occurredAt",
      ${exactIsoTime(sql`e.occurred_at`)} as "sortKey"
    from revenue_events e
    left join domains d on d.id = e.domain_id
    where e.user_id = ${userId}
      ${query.from ? sql`and e.occurred_at >= ${query.from}::date::timestamp at time zone 'UTC'` : sql``}
      ${query.to ? sql`and e.occurred_at < (${query.to}::date + 1)::timestamp at time zone 'UTC'` : sql``}
      ${query.type ? sql`and e.type = ${query.type}` : sql``}
      ${after ? sql`and (e.occurred_at, e.id) < (${after.time}::timestamptz, ${after.key}::uuid)` : sql``}
    order by e.occurred_at desc, e.id desc
    limit ${query.limit + 1}
  `);
  return cursorPage<TRevenueEvent>(rows, query.limit);
}
