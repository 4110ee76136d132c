import { sql } from "drizzle-orm";
import type { TAdminUser, TAdminUserDetail } from "../../../shared/api/admin/users";
import { containsPattern } from "../../db/contains-pattern";
import { cursorPage } from "../../db/cursor-page";
import { exactIsoTime, isoTime } from "../../db/iso-time";
import type { Db } from "../../db/pool";
import { notFound } from "../../http/app-error";
import { balancesOf } from "../ledger/balance-of";

/** How many of a user's domains, orders and security events the review shows, newest first. */
const SHOWN = 50;

const USER_COLUMNS = sql`u.id, u.name, u.username, u.email, u.role, u.plan,
  (select count(*)::int from domains d where d.user_id = u.id) as domains,
  ${isoTime(sql`u.suspended_at`)} as "suspendedAt", ${isoTime(sql`u.created_at`)} as "createdAt"`;

/** Every account, newest first, a page at a time; `q` matches part of the email, username or name. */
export async function searchUsers(
  db: Db,
  query: { q?: string; limit: number; cursor?: { time: string; key: string } },
): Promise<{ data: TAdminUser[]; nextCursor: string | null }> {
  const like = query.q ? containsPattern(query.q) : undefined;
  const after = query.cursor;
  const { rows } = await db.execute<TAdminUser & { sortKey: string } & Record<string, unknown>>(sql`
    select ${USER_COLUMNS}, ${exactIsoTime(sql`u.created_at`)} as "sortKey"
    from users u
    where true
      ${like ? sql`and (lower(u.email) like ${like} or lower(u.username) like ${like} or lower(u.name) like ${like})` : sql``}
      ${after ? sql`and (u.created_at, u.id) < (${after.time}::timestamptz, ${after.key}::uuid)` : sql``}
    order by u.created_at desc, u.id desc
    limit ${query.limit + 1}
  `);
  return cursorPage<TAdminUser>(rows, query.limit);
}

/** One account as staff review it: its domains, orders, held funds and last security events. */
export async function reviewUser(db: Db, userId: string): Promise<TAdminUserDetail> {
  const { rows } = await db.execute<{ review: TAdminUserDetail | null }>(sql`
    select json_build_object(
      'user', (select row_to_json(x) from (select ${USER_COLUMNS}, u.suspend_reason as "suspendReason") x),
      'domains', coalesce((select json_agg(d) from (
        select d.id, d.name, d.status from domains d where d.user_id = u.id
        order by d.created_at desc limit ${SHOWN}) d), '[]'),
      'orders', coalesce((select json_agg(o) from (
        select o.id, o.description, o.price::text as price, o.status, o.provider,
          ${isoTime(sql`o.created_at`)} as "createdAt"
        from service_orders o where o.user_id = u.id
        order by o.created_at desc limit ${SHOWN}) o), '[]'),
      'audit', coalesce((select json_agg(a) from (
        select a.event, a.address, ${isoTime(sql`a.created_at`)} as "createdAt"
        from audit_log a where a.user_id = u.id
        order by a.created_at desc limit ${SHOWN}) a), '[]')
    ) as review
    from users u where u.id = ${userId}
  `);
  const review = rows[0]?.review;
  if (!review) throw notFound("User");
  const balance = (await balancesOf(db, [userId])).get(userId);
  return { ...review, balance: balance ?? { available: "0.00", pending: "0.00" } };
}
