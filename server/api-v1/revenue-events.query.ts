import { sql } from "drizzle-orm";
import { encodeCursor } from "../../shared/api/v1/common";
import type { TRevenueEvent, TRevenueEventsQuery } from "../../shared/api/v1/revenue";
import { isoTime } from "../db/iso-time";
import type { Db } from "../db/pool";

const exactTime = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

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
      ${exactTime("e.occurred_at")} as "sortKey"
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
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const last = page.at(-1);
  return {
    data: page.map(({ sortKey: _s, ...event }) => event),
    nextCursor: more && last ? encodeCursor([last.sortKey, last.id]) : null,
  };
}
