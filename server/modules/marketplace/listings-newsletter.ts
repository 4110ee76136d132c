import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import { formatUsd } from "../../../shared/money";
import { users } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { Mailer } from "../../mail/mailer";
import { featuredGrants, tiersFrom } from "./marketplace.service";

/** What puts a listing in the weekly email: the Newsletter and Premium promotions, and an Enterprise listing. */
export const NEWSLETTER_FEATURES = ["promotion:newsletter", "promotion:premium", ...tiersFrom(4)];

/** The token of a user's one-click unsubscribe link: an HMAC of their id, so no table keeps it. */
export function unsubscribeToken(secret: string, userId: string): string {
  return createHmac("sha256", secret).update(`listings-newsletter:${userId}`).digest("base64url");
}

export function unsubscribeUrl(appUrl: string, secret: string, userId: string): string {
  return `${appUrl}/listings/newsletter/unsubscribe?u=${userId}&t=${unsubscribeToken(secret, userId)}`;
}

/** One click in the email ends the subscription; a wrong token changes nothing. Answers whether it did. */
export async function unsubscribe(options: { db: Db; secret: string; userId: string; token: string }) {
  const expected = Buffer.from(unsubscribeToken(options.secret, options.userId));
  const given = Buffer.from(options.token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  await options.db.update(users).set({ listingsNewsletter: false }).where(eq(users.id, options.userId));
  return true;
}

export async function setNewsletter(options: { db: Db; userId: string; subscribed: boolean }) {
  await options.db
    .update(users)
    .set({ listingsNewsletter: options.subscribed })
    .where(eq(users.id, options.userId));
  return getNewsletter(options);
}

/**
 * Whether the user gets the weekly email of promoted listings, and how many buyers get it: the
 * audience a Newsletter promotion reaches, which its seller sees before paying.
 */
export async function getNewsletter(options: { db: Db; userId: string }) {
  const [row] = await options.db
    .select({
      subscribed: users.listingsNewsletter,
      audience: sql<number>`(select count(*)::int from users where listings_newsletter and suspended_at is null)`,
    })
    .from(users)
    .where(eq(users.id, options.userId));
  return { subscribed: row?.subscribed ?? false, audience: Number(row?.audience ?? 0) };
}

/** The Monday (UTC) of the week `now` falls in, as "2026-11-23". */
export function weekOf(now: Date): string {
  const day = (now.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day))
    .toISOString()
    .slice(0, 10);
}

/**
 * The weekly email of promoted listings to every buyer who opted in, once per user per week
 * (a second run in the same week sends nothing), each with its one-click unsubscribe link. A
 * week without promoted listings sends nothing.
 */
export async function sendListingsNewsletter(options: {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  secret: string;
  now?: Date;
}): Promise<{ listings: number; sent: number }> {
  const { db, appUrl } = options;
  const week = weekOf(options.now ?? new Date());
  const { rows: listings } = await db.execute<{ name: string; price: string }>(sql`
    with promoted as (${featuredGrants(NEWSLETTER_FEATURES)})
    select d.name, d.marketplace_price as price from promoted f
    join domains d on d.id = f.domain_id and d.user_id = f.user_id
    where d.marketplace_price is not null and d.sold_at is null and d.verified_at is not null
    order by d.listed_at desc nulls last, d.name limit 20
  `);
  if (listings.length === 0) return { listings: 0, sent: 0 };
  const lines = listings.map(
    (l) => `${l.name}: ${formatUsd(l.price)}\n  ${appUrl}/listings/${encodeURIComponent(l.name)}`,
  );
  let sent = 0;
  for (;;) {
    const batch = await db
      .update(users)
      .set({ listingsNewsletterWeek: week })
      .where(
        and(
          eq(users.listingsNewsletter, true),
          or(isNull(users.listingsNewsletterWeek), ne(users.listingsNewsletterWeek, week)),
          sql`${users.id} in (select id from users where listings_newsletter and (listings_newsletter_week is null or listings_newsletter_week <> ${week}) limit 200)`,
        ),
      )
      .returning({ id: users.id, email: users.email, name: users.name });
    if (batch.length === 0) break;
    for (const user of batch) {
      await options.mailer.send(db, {
        to: user.email,
        subject: "Domains for sale this week on ParkPilot",
        body: [
          `Hi ${user.name},`,
          "",
          "Promoted domains for sale this week, each sold through escrow:",
          "",
          ...lines,
          "",
          `Every domain for sale: ${appUrl}/listings`,
          `Unsubscribe with one click: ${unsubscribeUrl(appUrl, options.secret, user.id)}`,
        ].join("\n"),
      });
      sent += 1;
    }
  }
  return { listings: listings.length, sent };
}
