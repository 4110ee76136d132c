import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/tx";
import type { ApiPlan } from "./api-plan";

/** What one call cost: refused by the burst or the quota, or counted (`used` includes it). */
export interface Metered {
  /** The key was revoked since it was read: nothing was counted. */
  revoked: boolean;
  /** The key's owner is suspended (the operator console): nothing was counted. */
  suspended?: boolean;
  refused: "burst" | "quota" | null;
  /** Calls counted in the plan's period, this one included when it was not refused. */
  used: number;
  /** The key's calls in this second, this one included. */
  burstUsed: number;
}

/** `last_used_at` is written at most this often, so that a busy key costs no extra write per call. */
const LAST_USED_EVERY = "1 minute";

/**
 * Counts one call of the key in one statement that every app instance shares, if the key is
 * still active (a revocation is seen by the very next call, whatever an instance remembers): the key's calls
 * in this second (at most `burstPerSecond`), then the owner's calls in the plan's period (at most
 * the plan's limit), then the day's usage for the chart. Each counter moves only when the one
 * before it let the call through, so a refused call costs nothing; the upserts' row locks make
 * the boundary exact across instances (the 10,000th call passes, the 10,001st does not).
 *
 * The burst's second is the database's, the one clock every instance shares, and its window only
 * moves forwards: a call that read the clock before another call opened the next second (it
 * waited for the row's lock meanwhile) counts in that newer second, and never starts its own
 * second over again with a fresh allowance.
 *
 * The statement commits without waiting for its WAL flush (`synchronous_commit` off for this
 * transaction alone): a crash may forget the last few milliseconds of counted calls, never count
 * one twice, and a call no longer waits for a disk flush that the session read it replaces
 * never paid.
 */
export async function meterCall(options: {
  db: DbOrTx;
  keyId: string;
  userId: string;
  plan: ApiPlan;
  burstPerSecond: number;
}): Promise<Metered> {
  const { db, keyId, userId, plan, burstPerSecond } = options;
  const periodStart = plan.periodStart.toISOString();
  const day = plan.now.toISOString().slice(0, 10);
  const { rows } = await db.execute<{
    active: boolean;
    suspended: boolean;
    burst: number | null;
    used: string | number | null;
    before: string | number | null;
  }>(sql`
    with durability as (
      select set_config('synchronous_commit', 'off', true)
    ),
    owner as (
      select suspended_at is not null as suspended from users where id = ${userId}
    ),
    burst as (
      insert into api_key_bursts as b (key_id, second, calls)
      select id, floor(extract(epoch from clock_timestamp()))::bigint, 1 from api_keys
      where id = ${keyId} and revoked_at is null and not exists (select 1 from owner where owner.suspended)
      on conflict (key_id) do update
        set second = greatest(b.second, excluded.second),
          calls = case when excluded.second > b.second then 1 else b.calls + 1 end
        where excluded.second > b.second or b.calls < ${burstPerSecond}
      returning calls
    ),
    quota as (
      insert into api_quota_periods as q (user_id, period_start, calls)
      select ${userId}, ${periodStart}::timestamptz, 1
      where exists (select 1 from burst) and (${plan.limit}::bigint is null or ${plan.limit}::bigint > 0)
      on conflict (user_id, period_start) do update set calls = q.calls + 1
        where ${plan.limit}::bigint is null or q.calls < ${plan.limit}::bigint
      returning calls
    ),
    usage as (
      insert into api_usage_days as d (user_id, day, calls)
      select ${userId}, ${day}::date, 1 where exists (select 1 from quota)
      on conflict (user_id, day) do update set calls = d.calls + 1
    ),
    seen as (
      update api_keys set last_used_at = now()
      where id = ${keyId} and exists (select 1 from quota)
        and (last_used_at is null or last_used_at < now() - ${LAST_USED_EVERY}::interval)
    )
    select (select count(*) from durability) as durable,
      exists (select 1 from api_keys where id = ${keyId} and revoked_at is null) as active,
      exists (select 1 from owner where owner.suspended) as suspended,
      (select calls from burst) as burst, (select calls from quota) as used,
      (select calls from api_quota_periods where user_id = ${userId} and period_start = ${periodStart}::timestamptz) as before
  `);
  const row = rows[0];
  const before = Number(row.before ?? 0);
  if (!row.active) return { revoked: true, refused: null, used: before, burstUsed: 0 };
  if (row.suspended) return { revoked: false, suspended: true, refused: null, used: before, burstUsed: 0 };
  if (row.burst === null)
    return { revoked: false, refused: "burst", used: before, burstUsed: burstPerSecond };
  const burstUsed = Number(row.burst);
  if (row.used === null) return { revoked: false, refused: "quota", used: before, burstUsed };
  return { revoked: false, refused: null, used: Number(row.used), burstUsed };
}
