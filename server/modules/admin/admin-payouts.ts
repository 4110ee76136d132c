import { sql } from "drizzle-orm";
import type { TAdminPayout, TAdminPayoutsQuery } from "../../../shared/api/admin/payouts";
import { LOCKDOWN_STATE_EVENTS } from "../../../shared/schema";
import { containsPattern } from "../../db/contains-pattern";
import { cursorPage } from "../../db/cursor-page";
import { exactIsoTime, isoTime } from "../../db/iso-time";
import type { Db } from "../../db/pool";

/**
 * Every owner's payouts in one status (default: held for review), newest first, a page at a time,
 * each with its payee's state (suspended, locked down) as the approval would read it.
 */
export async function searchPayouts(
  db: Db,
  query: TAdminPayoutsQuery,
): Promise<{ data: TAdminPayout[]; nextCursor: string | null }> {
  const like = query.q ? containsPattern(query.q) : undefined;
  const after = query.cursor;
  const { rows } = await db.execute<TAdminPayout & { sortKey: string } & Record<string, unknown>>(sql`
    select p.id, p.amount::text as amount, p.paypal_email as "paypalEmail", p.status,
      p.hold_reason as "holdReason", p.reject_reason as "rejectReason",
      ${isoTime(sql`p.reviewed_at`)} as "reviewedAt", ${isoTime(sql`p.created_at`)} as "createdAt",
      json_build_object('id', u.id, 'email', u.email, 'name', u.name,
        'createdAt', ${isoTime(sql`u.created_at`)}) as "user",
      -- What payeeBlock reads, for every row at once: the newest lockdown-state event decides.
      json_build_object('suspended', u.suspended_at is not null,
        'suspendReason', case when u.suspended_at is not null then u.suspend_reason end,
        'lockedDown', coalesce((select a.event = 'account_locked_down' from audit_log a
          where a.user_id = u.id and a.event in (${sql.join(
            LOCKDOWN_STATE_EVENTS.map((e) => sql`${e}`),
            sql`, `,
          )})
          order by a.created_at desc, a.id desc limit 1), false)) as payee,
      (select json_build_object('completed', count(*)::int,
          'completedTotal', coalesce(sum(h.amount), 0)::numeric(12, 2)::text,
          'lastPaypalEmail', (array_agg(h.paypal_email order by h.created_at desc))[1])
        from payouts h where h.user_id = p.user_id and h.status = 'completed'
          and h.created_at < p.created_at) as history,
      ${exactIsoTime(sql`p.created_at`)} as "sortKey"
    from payouts p join users u on u.id = p.user_id
    where true
      ${query.status === "all" ? sql`` : sql`and p.status = ${query.status}`}
      ${like ? sql`and (lower(u.email) like ${like} or lower(p.paypal_email) like ${like})` : sql``}
      ${after ? sql`and (p.created_at, p.id) < (${after.time}::timestamptz, ${after.key}::uuid)` : sql``}
    order by p.created_at desc, p.id desc
    limit ${query.limit + 1}
  `);
  return cursorPage<TAdminPayout>(rows, query.limit);
}
