import { type SQL, sql } from "drizzle-orm";

/**
 * A timestamptz as the ISO-8601 text JavaScript writes (UTC, milliseconds, "Z"), the way the API
 * sends every time. Written by the database, so a whole answer can be built as one JSON document.
 */
export const isoTime = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A timestamptz to the microsecond, as a cursor's sort key: the millisecond text above would make
 * two rows written in the same millisecond look equal and a page boundary skip one.
 */
export const exactIsoTime = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Today's date in UTC, the day that daily figures (visits, leads) are counted on. */
export const UTC_TODAY = sql`(now() at time zone 'UTC')::date`;
