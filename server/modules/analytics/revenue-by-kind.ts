import { sql } from "drizzle-orm";

/**
 * The revenue of `revenue_buckets b` in a group, by source (the four the dashboard names, the rest
 * as other) and in total: the columns the daily and the monthly analytics both read.
 */
export const REVENUE_BY_KIND = sql.raw(`sum(b.amount) filter (where b.type = 'parking') as parking,
        sum(b.amount) filter (where b.type = 'lead') as lead,
        sum(b.amount) filter (where b.type = 'marketplace') as marketplace,
        sum(b.amount) filter (where b.type = 'affiliate') as affiliate,
        sum(b.amount) filter (where b.type not in ('parking', 'lead', 'marketplace', 'affiliate')) as other,
        sum(b.amount) as total`);

/** The columns `REVENUE_BY_KIND` adds to a row, as decimal strings. */
export interface RevenueByKind {
  parking: string;
  lead: string;
  marketplace: string;
  affiliate: string;
  other: string;
  total: string;
}
