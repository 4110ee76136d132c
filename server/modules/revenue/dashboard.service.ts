import { eq, sql } from "drizzle-orm";
import type {
  TDashboardAnswer,
  TRevenueRange,
  TRevenueStream,
  TTrendPoint,
} from "../../../shared/api/revenue";
import { revenueEvents } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { notFound } from "../../http/app-error";
import { dashboardQuery } from "./dashboard-query";

type RawDashboard = Omit<TDashboardAnswer, "trend"> & { trendDays: TTrendPoint[] };

const hourKey = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/**
 * The revenue dashboard of docs/product.md#screens in the user's time zone, from one aggregate
 * statement, with the account's version read in the same statement (the answer's ETag).
 */
export async function getDashboard(options: {
  db: Db;
  userId: string;
  range: TRevenueRange;
  now?: Date;
}): Promise<{ dashboard: TDashboardAnswer; version: number }> {
  const { db, userId, range } = options;
  const result = await db.execute<{ dashboard: RawDashboard; version: string | null }>(
    dashboardQuery({ userId, range, now: options.now ?? new Date() }),
  );
  const [row] = result.rows;
  const { trendDays, ...dashboard } = row.dashboard;
  if (!dashboard.timeZone) throw notFound("Account");
  const points =
    range === "24h"
      ? dashboard.hourlyRevenue.map((h) => ({ key: hourKey(h.hour), amount: h.amount }))
      : trendDays;
  return { dashboard: { ...dashboard, trend: { range, points } }, version: Number(row.version ?? 0) };
}

/** The latest revenue events, newest first, for the activity feed. */
export async function listStreams(options: {
  db: Db;
  userId: string;
  limit: number;
}): Promise<TRevenueStream[]> {
  const rows = await options.db
    .select({
      id: revenueEvents.id,
      type: revenueEvents.type,
      description: revenueEvents.description,
      amount: revenueEvents.amount,
      occurredAt: revenueEvents.occurredAt,
      metadata: revenueEvents.metadata,
    })
    .from(revenueEvents)
    .where(eq(revenueEvents.userId, options.userId))
    // Exactly the index's order (revenue_events_user_time_idx), so the newest rows are read first.
    .orderBy(sql`${revenueEvents.occurredAt} desc nulls last`, sql`${revenueEvents.id} desc nulls last`)
    .limit(options.limit);
  return rows.map((r) => ({
    id: r.id,
    type: r.type as TRevenueStream["type"],
    description: r.description,
    amount: r.amount,
    createdAt: r.occurredAt.toISOString(),
    metadata: r.metadata ?? null,
  }));
}
