import { sql } from "drizzle-orm";
import type { TApiLead, TLeadsQuery } from "../../shared/api/v1/leads";
import { cursorPage } from "../db/cursor-page";
import { exactIsoTime, isoTime } from "../db/iso-time";
import type { Db } from "../db/pool";

/** Leads captured on the owner's domains, newest first, a page at a time (cursor: time and id). */
export async function listLeads(options: {
  db: Db;
  userId: string;
  query: TLeadsQuery;
}): Promise<{ data: TApiLead[]; nextCursor: string | null }> {
  const { db, userId, query } = options;
  const after = query.cursor;
  const { rows } = await db.execute<TApiLead & { sortKey: string } & Record<string, unknown>>(sql`
    select l.id, l.domain_id as "domainId", d.name as "domainName", l.email, l.zip_code as "zipCode",
      l.city, l.state, l.value::text as value, l.returned_at is not null as returned,
      ${isoTime(sql`l.created_at`)} as "createdAt",
      ${exactIsoTime(sql`l.created_at`)} as "sortKey"
    from leads l
    join domains d on d.id = l.domain_id
    where d.user_id = ${userId}
      ${query.domainId ? sql`and l.domain_id = ${query.domainId}` : sql``}
      ${query.from ? sql`and l.created_at >= ${query.from}::date::timestamp at time zone 'UTC'` : sql``}
      ${query.to ? sql`and l.created_at < (${query.to}::date + 1)::timestamp at time zone 'UTC'` : sql``}
      ${after ? sql`and (l.created_at, l.id) < (${after.time}::timestamptz, ${after.key}::uuid)` : sql``}
    order by l.created_at desc, l.id desc
    limit ${query.limit + 1}
  `);
  return cursorPage<TApiLead>(rows, query.limit);
}
