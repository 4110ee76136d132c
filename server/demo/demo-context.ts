import { sql } from "drizzle-orm";
import type { Tx } from "../db/tx";
import type { NameserverPool } from "../lib/nameserver-pool";
import type { Credit } from "../modules/revenue/reported-revenue";
import type { Random } from "./random";

/** Days of history the demo portfolio has. */
export const DEMO_DAYS = 90;
const MINUTE_MS = 60_000;

/** One calendar day of the demo owner's zone: its date and the instant it starts. */
export interface DemoDay {
  day: string;
  startMs: number;
  /** Minutes of the day that have passed: 1440 for every day but today. */
  minutesSoFar: number;
}

/** What every part of the demo seed shares. */
export interface DemoContext {
  tx: Tx;
  userId: string;
  email: string;
  rand: Random;
  now: Date;
  /** The last 90 days of the owner's calendar, oldest first; the last one is today. */
  days: DemoDay[];
  /** Every revenue event of the demo, credited at the end in one statement. */
  credits: Credit[];
  /** The demo's domains are given nameserver pairs as added ones are. */
  nameserverPool: NameserverPool;
}

/** The last `DEMO_DAYS` local days of `timeZone`, computed by the database's zone rules. */
export async function demoDays(tx: Tx, timeZone: string, now: Date): Promise<DemoDay[]> {
  const { rows } = await tx.execute<{ day: string; start_ms: string }>(sql`
    with clock as (select (${now.toISOString()}::timestamptz at time zone ${timeZone})::date as today)
    select d::date::text as day, (extract(epoch from d at time zone ${timeZone}) * 1000)::bigint::text as start_ms
    from clock, generate_series((today - ${sql.raw(String(DEMO_DAYS - 1))})::timestamp, today::timestamp, interval '1 day') d
    order by d
  `);
  return rows.map((r) => {
    const startMs = Number(r.start_ms);
    const minutesSoFar = Math.min(1440, Math.max(0, Math.floor((now.getTime() - startMs) / MINUTE_MS)));
    return { day: r.day, startMs, minutesSoFar };
  });
}

/** A random moment of `day` that has already passed, or null when none has (just after midnight). */
export function pastMoment(ctx: DemoContext, day: DemoDay): Date | null {
  if (day.minutesSoFar < 1) return null;
  return new Date(day.startMs + Math.floor(ctx.rand.next() * day.minutesSoFar * MINUTE_MS));
}

/** A moment `daysAgo` days before now, at a random time of that day. */
export function daysAgo(ctx: DemoContext, n: number): Date {
  const day = ctx.days[ctx.days.length - 1 - n];
  return pastMoment(ctx, day) ?? new Date(day.startMs);
}
