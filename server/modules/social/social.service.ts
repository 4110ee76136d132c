import { randomBytes } from "node:crypto";
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import {
  SOCIAL_FEATURE,
  socialFeedPath,
  type TSocialPost,
  type TSocialSchedule,
} from "../../../shared/api/social";
import { socialChannels, socialPosts, users } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import { isEntitled } from "../entitlements/entitlements.service";

type Options = { db: DbOrTx; userId: string };
const YEAR_MS = 365 * 86_400_000;

export async function assertSocialScheduler(db: DbOrTx, userId: string): Promise<void> {
  if (!(await isEntitled({ db, userId, feature: SOCIAL_FEATURE }))) {
    throw new AppError(
      "FORBIDDEN",
      "Scheduling posts needs the Social Scheduler tool of the Marketing Suite.",
    );
  }
}

/** The user's channel (feed secret and webhook), made on first use. */
export async function channelOf(db: DbOrTx, userId: string) {
  await db
    .insert(socialChannels)
    .values({ userId, feedToken: randomBytes(18).toString("base64url") })
    .onConflictDoNothing();
  const [channel] = await db.select().from(socialChannels).where(eq(socialChannels.userId, userId));
  return channel;
}

const toPost = (row: typeof socialPosts.$inferSelect): TSocialPost => ({
  id: row.id,
  network: row.network,
  text: row.text,
  link: row.link,
  imageUrl: row.imageUrl,
  scheduledAt: row.scheduledAt.toISOString(),
  publishedAt: row.publishedAt?.toISOString() ?? null,
  webhookStatus: row.webhookStatus,
});

/** The feed's address, the webhook and the posts, latest first. */
export async function socialSchedule(options: Options & { appUrl: string }): Promise<TSocialSchedule> {
  const { db, userId } = options;
  await assertSocialScheduler(db, userId);
  const channel = await channelOf(db, userId);
  const rows = await db
    .select()
    .from(socialPosts)
    .where(eq(socialPosts.userId, userId))
    .orderBy(desc(socialPosts.scheduledAt))
    .limit(200);
  return {
    feedUrl: `${options.appUrl}${socialFeedPath(channel.feedToken)}`,
    webhookUrl: channel.webhookUrl,
    posts: rows.map(toPost),
  };
}

export async function schedulePost(
  options: Options & {
    input: { network: string; text: string; link?: string; imageUrl?: string; scheduledAt: string };
    now?: Date;
  },
): Promise<TSocialPost> {
  const { db, userId, input } = options;
  await assertSocialScheduler(db, userId);
  const now = options.now ?? new Date();
  const at = new Date(input.scheduledAt);
  if (at.getTime() <= now.getTime()) throw new AppError("BAD_REQUEST", "Choose a time in the future.");
  if (at.getTime() > now.getTime() + YEAR_MS)
    throw new AppError("BAD_REQUEST", "Schedule at most a year ahead.");
  const [row] = await db
    .insert(socialPosts)
    .values({
      userId,
      network: input.network,
      text: input.text,
      link: input.link || null,
      imageUrl: input.imageUrl || null,
      scheduledAt: at,
    })
    .returning();
  return toPost(row);
}

/** Removes a post not yet published (a published one stays in the feed). */
export async function deletePost(options: Options & { id: string }): Promise<void> {
  const [gone] = await options.db
    .delete(socialPosts)
    .where(
      and(
        eq(socialPosts.id, options.id),
        eq(socialPosts.userId, options.userId),
        isNull(socialPosts.publishedAt),
      ),
    )
    .returning({ id: socialPosts.id });
  if (!gone) throw notFound("Scheduled post");
}

export async function setWebhook(options: Options & { url: string }): Promise<{ webhookUrl: string | null }> {
  await assertSocialScheduler(options.db, options.userId);
  await channelOf(options.db, options.userId);
  const webhookUrl = options.url || null;
  await options.db
    .update(socialChannels)
    .set({ webhookUrl })
    .where(eq(socialChannels.userId, options.userId));
  return { webhookUrl };
}

/** The owner's name and published posts behind a feed token, or undefined for an unknown token. */
export async function feedOf(db: DbOrTx, token: string) {
  const [channel] = await db
    .select({ userId: socialChannels.userId, name: users.name })
    .from(socialChannels)
    .innerJoin(users, eq(users.id, socialChannels.userId))
    .where(eq(socialChannels.feedToken, token));
  if (!channel) return undefined;
  const rows = await db
    .select()
    .from(socialPosts)
    .where(and(eq(socialPosts.userId, channel.userId), isNotNull(socialPosts.publishedAt)))
    .orderBy(desc(socialPosts.publishedAt))
    .limit(50);
  return { name: channel.name, posts: rows.map(toPost) };
}
