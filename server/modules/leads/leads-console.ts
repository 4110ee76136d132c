import { type SQL, sql } from "drizzle-orm";
import type { TAdminLead, TAdminLeadCounts, TAdminLeadFilter } from "../../../shared/api/admin/leads";
import { containsPattern } from "../../db/contains-pattern";
import { cursorPage } from "../../db/cursor-page";
import { exactIsoTime, isoTime } from "../../db/iso-time";
import type { Db } from "../../db/pool";
import { csvDocument } from "../../lib/csv-write";

/** The most rows one export holds; a wider search is narrowed first. */
export const LEADS_EXPORT_MAX_ROWS = 50_000;

/** The filters of the console's leads searches (every owner's leads: staff only). */
function leadFilter(filter: TAdminLeadFilter): SQL {
  return sql`true
    ${filter.from ? sql`and l.created_at >= ${filter.from}::date::timestamp at time zone 'UTC'` : sql``}
    ${filter.to ? sql`and l.created_at < (${filter.to}::date + 1)::timestamp at time zone 'UTC'` : sql``}
    ${filter.host ? sql`and l.host like ${containsPattern(filter.host)}` : sql``}
    ${filter.zip ? sql`and l.zip_code = ${filter.zip}` : sql``}
    ${filter.state ? sql`and l.state = ${filter.state}` : sql``}
    ${filter.returned === "yes" ? sql`and l.returned_at is not null` : sql``}
    ${filter.returned === "no" ? sql`and l.returned_at is null` : sql``}
    ${filter.flagged === "yes" ? sql`and l.flag_reason is not null` : sql``}
    ${filter.flagged === "no" ? sql`and l.flag_reason is null` : sql``}`;
}

const LEAD_COLUMNS = sql`l.id, l.email, l.zip_code as "zipCode", l.city, l.state, l.host,
  d.name as "domainName", u.email as "ownerEmail", l.value::text as value,
  ${isoTime(sql`l.returned_at`)} as "returnedAt", l.flag_reason as "flagReason",
  l.sale_status as "saleStatus", l.buyer_name as "buyerName", l.sale_price::text as "salePrice",
  l.return_reason as "returnReason", l.consent,
  ${isoTime(sql`l.created_at`)} as "createdAt"`;
const LEAD_SOURCES = sql`leads l left join domains d on d.id = l.domain_id left join users u on u.id = d.user_id`;

/** A page of leads, newest first, after the cursor's lead. */
export async function searchLeads(
  db: Db,
  query: TAdminLeadFilter & { limit: number; cursor?: { time: string; key: string } },
): Promise<{ data: TAdminLead[]; nextCursor: string | null }> {
  const after = query.cursor;
  const { rows } = await db.execute<TAdminLead & { sortKey: string } & Record<string, unknown>>(sql`
    select ${LEAD_COLUMNS}, ${exactIsoTime(sql`l.created_at`)} as "sortKey"
    from ${LEAD_SOURCES}
    where ${leadFilter(query)}
      ${after ? sql`and (l.created_at, l.id) < (${after.time}::timestamptz, ${after.key}::uuid)` : sql``}
    order by l.created_at desc, l.id desc
    limit ${query.limit + 1}
  `);
  return cursorPage<TAdminLead>(rows, query.limit);
}

/**
 * The leads a search finds as a CSV document, newest first, at most `LEADS_EXPORT_MAX_ROWS`:
 * every cell formula-safe (an email or a city a spreadsheet would run is quoted as text).
 */
export async function exportLeads(db: Db, filter: TAdminLeadFilter): Promise<string> {
  const { rows } = await db.execute<TAdminLead & Record<string, unknown>>(sql`
    select ${LEAD_COLUMNS} from ${LEAD_SOURCES}
    where ${leadFilter(filter)}
    order by l.created_at desc, l.id desc
    limit ${LEADS_EXPORT_MAX_ROWS}
  `);
  return csvDocument([
    [
      "Captured",
      "Email",
      "ZIP",
      "City",
      "State",
      "Host",
      "Domain",
      "Owner",
      "Value",
      "Returned",
      "Flagged",
      "Sale",
      "Buyer",
      "Price",
      "Consent version",
    ],
    ...rows.map((l) => [
      l.createdAt,
      l.email,
      l.zipCode,
      l.city,
      l.state,
      l.host,
      l.domainName ?? "",
      l.ownerEmail ?? "",
      l.value,
      l.returnedAt ?? "",
      l.flagReason ?? "",
      l.saleStatus,
      l.buyerName ?? "",
      l.salePrice ?? "",
      l.consent?.version ?? "",
    ]),
  ]);
}

/** Leads and returns per host (the 50 busiest) and per UTC day, for a search. */
export async function leadCounts(db: Db, filter: TAdminLeadFilter): Promise<TAdminLeadCounts> {
  const byHost = await db.execute<{ host: string; leads: number; returned: number }>(sql`
    select l.host, count(*)::int as leads, count(l.returned_at)::int as returned
    from leads l where ${leadFilter(filter)}
    group by l.host order by leads desc, l.host limit 50
  `);
  const byDay = await db.execute<{ day: string; leads: number; returned: number }>(sql`
    select to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
      count(*)::int as leads, count(l.returned_at)::int as returned
    from leads l where ${leadFilter(filter)}
    group by 1 order by 1 desc limit 366
  `);
  return { byHost: byHost.rows, byDay: byDay.rows };
}
