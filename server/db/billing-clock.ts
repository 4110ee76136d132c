import { sql } from "drizzle-orm";
import type { DbOrTx } from "./tx";

/**
 * The billing clock: real time plus how far tests or the development command moved it ahead.
 * Subscription periods and entitlements are read against it, so advancing it 30 days is the
 * sandbox's month passing (in production nothing moves it and it is simply now).
 */
export async function billingNow(db: DbOrTx): Promise<Date> {
  const { rows } = await db.execute<{ offset_seconds: string | number }>(
    sql`select offset_seconds from billing_clock where id = 1`,
  );
  return new Date(Date.now() + Number(rows[0]?.offset_seconds ?? 0) * 1000);
}

/** Moves the clock ahead by `seconds` (never back); answers the new time. */
export async function moveBillingClock(db: DbOrTx, seconds: number): Promise<Date> {
  await db.execute(sql`
    insert into billing_clock (id, offset_seconds) values (1, ${Math.max(0, Math.round(seconds))})
    on conflict (id) do update set offset_seconds = billing_clock.offset_seconds + excluded.offset_seconds
  `);
  return billingNow(db);
}
