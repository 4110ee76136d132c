import { and, eq, sql } from "drizzle-orm";
import type { TGoal, TGoalCategory, TGoalTimeframe } from "../../../shared/api/revenue";
import { revenueGoals } from "../../../shared/schema";
import { isoTime } from "../../db/iso-time";
import type { Db } from "../../db/pool";
import { AppError, notFound } from "../../http/app-error";

/** Enough for every category and timeframe at once; a longer list only hides what matters. */
export const MAX_GOALS = 20;

/**
 * The user's goals (or the one `goalId`), each with the real revenue of its category in the
 * current week (from Monday), month, quarter or year of the user's calendar.
 */
async function selectGoals(
  db: Db,
  options: { userId: string; now: Date; goalId?: string },
): Promise<TGoal[]> {
  const { userId, now, goalId } = options;
  const result = await db.execute<TGoal>(sql`
    with clock as (
      select u.time_zone as tz, ${now.toISOString()}::timestamptz at time zone u.time_zone as local_now
      from users u where u.id = ${userId}
    ),
    periods as (
      select g.*, c.tz, date_trunc(p.unit, c.local_now) as local_start, p.length
      from revenue_goals g
      cross join clock c
      cross join lateral (
        select case g.timeframe when 'weekly' then 'week' when 'quarterly' then 'quarter'
          when 'yearly' then 'year' else 'month' end as unit,
          case g.timeframe when 'weekly' then interval '1 week' when 'quarterly' then interval '3 months'
          when 'yearly' then interval '1 year' else interval '1 month' end as length
      ) p
      where g.user_id = ${userId} ${goalId ? sql`and g.id = ${goalId}` : sql``}
    ),
    progress as (
      select p.*, p.local_start at time zone p.tz as period_start,
        (p.local_start + p.length) at time zone p.tz as period_end,
        (select coalesce(sum(rb.amount), 0) from revenue_buckets rb
          where rb.user_id = p.user_id
            and rb.bucket >= p.local_start at time zone p.tz
            and rb.bucket < (p.local_start + p.length) at time zone p.tz
            and (p.category = 'total' or rb.type = p.category)) as current
      from periods p
    )
    select id, target_amount::text as "targetAmount", timeframe, category,
      ${isoTime(sql`created_at`)} as "createdAt",
      current::numeric(14,2)::text as "currentAmount",
      round(current / target_amount * 100, 1)::float8 as "progressPercent",
      ${isoTime(sql`period_start`)} as "periodStart",
      ${isoTime(sql`period_end`)} as "periodEnd"
    from progress
    order by created_at desc, id
  `);
  return result.rows;
}

export function listGoals(options: { db: Db; userId: string; now?: Date }): Promise<TGoal[]> {
  return selectGoals(options.db, { userId: options.userId, now: options.now ?? new Date() });
}

export async function createGoal(options: {
  db: Db;
  userId: string;
  input: { targetAmount: string; timeframe: TGoalTimeframe; category: TGoalCategory };
  now?: Date;
}): Promise<TGoal> {
  const { db, userId, input } = options;
  const id = await db.transaction(async (tx) => {
    // Serialises this user's goal creations so that the cap cannot be raced past.
    await tx.execute(sql`select 1 from users where id = ${userId} for update`);
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(revenueGoals)
      .where(eq(revenueGoals.userId, userId));
    if (count >= MAX_GOALS) {
      throw new AppError("CONFLICT", `You can track up to ${MAX_GOALS} goals. Remove one to add another.`);
    }
    const [goal] = await tx
      .insert(revenueGoals)
      .values({ userId, ...input })
      .returning({ id: revenueGoals.id });
    return goal.id;
  });
  const [goal] = await selectGoals(db, { userId, now: options.now ?? new Date(), goalId: id });
  return goal;
}

export async function deleteGoal(options: { db: Db; userId: string; goalId: string }): Promise<void> {
  const [gone] = await options.db
    .delete(revenueGoals)
    .where(and(eq(revenueGoals.id, options.goalId), eq(revenueGoals.userId, options.userId)))
    .returning({ id: revenueGoals.id });
  if (!gone) throw notFound("Goal");
}
