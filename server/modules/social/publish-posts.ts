import http from "node:http";
import https from "node:https";
import { sql } from "drizzle-orm";
import { useAgent } from "request-filtering-agent";
import { SOCIAL_FEATURE, socialFeedPath } from "../../../shared/api/social";
import type { Db } from "../../db/pool";
import { isEntitled } from "../entitlements/entitlements.service";

const WEBHOOK_TIMEOUT_MS = 5_000;

type DuePost = {
  id: string;
  user_id: string;
  network: string;
  text: string;
  link: string | null;
  image_url: string | null;
  scheduled_at: Date;
  webhook_url: string | null;
  feed_token: string;
};

/**
 * POSTs the post as JSON to the user's webhook. The agent refuses private, loopback and
 * link-local addresses (after DNS), so a webhook cannot reach inside our network; tests that
 * listen on loopback say `allowPrivate`. Answers "delivered" or "failed: <why>".
 */
export function deliverWebhook(url: string, payload: unknown, allowPrivate = false): Promise<string> {
  const body = JSON.stringify(payload);
  const client = url.startsWith("https:") ? https : http;
  return new Promise((resolve) => {
    const req = client.request(
      url,
      {
        method: "POST",
        agent: useAgent(url, { allowPrivateIPAddress: allowPrivate }),
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        timeout: WEBHOOK_TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        const status = res.statusCode ?? 0;
        resolve(status >= 200 && status < 300 ? "delivered" : `failed: HTTP ${status}`);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    // The reason stays generic: the filter's message names the address a host resolved to, which
    // would let a user map names inside the network through the status shown to them.
    req.on("error", (error) =>
      resolve(/not allowed/i.test(error.message) ? "failed: address not allowed" : "failed: unreachable"),
    );
    req.end(body);
  });
}

/**
 * Publishes every post whose time has come: it appears in the owner's feed from now on and goes
 * to their webhook, if they set one. A post whose owner no longer has the Social Scheduler is
 * left unpublished. Each post is published once (claimed in one statement).
 */
export async function publishDuePosts(options: {
  db: Db;
  appUrl: string;
  now?: Date;
  allowPrivateWebhooks?: boolean;
}): Promise<{ published: number }> {
  const now = options.now ?? new Date();
  const { rows: due } = await options.db.execute<{ id: string; user_id: string }>(sql`
    select id, user_id::text from social_posts
    where published_at is null and scheduled_at <= ${now.toISOString()}::timestamptz
    order by scheduled_at limit 500
  `);
  let published = 0;
  for (const candidate of due) {
    if (!(await isEntitled({ db: options.db, userId: candidate.user_id, feature: SOCIAL_FEATURE }))) continue;
    const { rows } = await options.db.execute<DuePost>(sql`
      update social_posts p set published_at = ${now.toISOString()}::timestamptz
      from social_channels c
      where p.id = ${candidate.id} and p.published_at is null and c.user_id = p.user_id
      returning p.id, p.user_id::text, p.network, p.text, p.link, p.image_url, p.scheduled_at, c.webhook_url, c.feed_token
    `);
    const post = rows[0];
    if (!post) continue;
    published += 1;
    if (!post.webhook_url) continue;
    const status = await deliverWebhook(
      post.webhook_url,
      {
        id: post.id,
        network: post.network,
        text: post.text,
        link: post.link,
        imageUrl: post.image_url,
        scheduledAt: new Date(post.scheduled_at).toISOString(),
        publishedAt: now.toISOString(),
        feed: `${options.appUrl}${socialFeedPath(post.feed_token)}`,
      },
      options.allowPrivateWebhooks,
    );
    await options.db.execute(sql`update social_posts set webhook_status = ${status} where id = ${post.id}`);
  }
  return { published };
}
