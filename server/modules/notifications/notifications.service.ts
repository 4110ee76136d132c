import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { TMarkNotificationsRead, TNotificationList } from "../../../shared/api/notifications";
import { notifications } from "../../../shared/schema";
import type { Db } from "../../db/pool";

/** The user's newest notifications, and how many of all of theirs are unread. */
export async function listNotifications(options: {
  db: Db;
  userId: string;
  limit: number;
}): Promise<TNotificationList> {
  const { db, userId } = options;
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit);
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      body: r.body,
      href: r.href,
      createdAt: r.createdAt.toISOString(),
      readAt: r.readAt?.toISOString() ?? null,
    })),
    unreadCount: unread.n,
  };
}

/**
 * Marks the user's notifications read, those named or all: ids that are not the user's change
 * nothing, and one read before keeps the time it was first read. Answers the new unread count.
 */
export async function markNotificationsRead(options: {
  db: Db;
  userId: string;
  input: TMarkNotificationsRead;
}): Promise<{ unreadCount: number }> {
  const { db, userId, input } = options;
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where("ids" in input ? and(mine, inArray(notifications.id, input.ids)) : mine);
  const [unread] = await db.select({ n: count() }).from(notifications).where(mine);
  return { unreadCount: unread.n };
}
