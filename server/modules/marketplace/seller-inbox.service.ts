import { and, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TSellerInbox } from "../../../shared/api/marketplace/listings";
import { domains, marketplaceMessages, users } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { AppError, notFound } from "../../http/app-error";
import type { RateLimit } from "../../http/rate-limit";
import type { Mailer } from "../../mail/mailer";
import { notify } from "../notifications/notify";

/** How many messages the inbox shows, newest first. */
const INBOX_SIZE = 100;

const seller = alias(users, "seller");

/**
 * A buyer's message to the seller of a listed domain: checked, counted against the sender's
 * allowance, stored in the seller's inbox and mailed to the seller in one transaction.
 */
export async function contactSeller(options: {
  db: Db;
  mailer: Mailer;
  limit: RateLimit;
  senderId: string;
  domainId: string;
  message: string;
  inboxUrl?: string;
}): Promise<{ id: string }> {
  const { db, senderId, domainId, message } = options;
  const [listing] = await db
    .select({
      id: domains.id,
      name: domains.name,
      sellerId: seller.id,
      sellerName: seller.name,
      sellerEmail: seller.email,
    })
    .from(domains)
    .innerJoin(seller, eq(seller.id, domains.userId))
    .where(
      and(
        eq(domains.id, domainId),
        isNotNull(domains.marketplacePrice),
        isNull(domains.soldAt),
        // A listing whose domain is not (or no longer) verified is not shown, so not contactable.
        isNotNull(domains.verifiedAt),
      ),
    );
  if (!listing) throw notFound("Listing");
  if (listing.sellerId === senderId) {
    throw new AppError("BAD_REQUEST", "This is your own listing; buyers will contact you here.");
  }
  const [sender] = await db.select({ email: users.email }).from(users).where(eq(users.id, senderId));
  if (!sender) throw new AppError("UNAUTHORIZED", "Please sign in to continue");

  await options.limit.spend(senderId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(marketplaceMessages)
      .values({ domainId, sellerId: listing.sellerId, senderId, senderEmail: sender.email, message })
      .returning({ id: marketplaceMessages.id });
    await notify(
      tx,
      {
        userId: listing.sellerId,
        kind: "buyer_inquiry",
        title: `New inquiry about ${listing.name}`,
        body: `${sender.email} wrote: ${message.length > 200 ? `${message.slice(0, 199)}…` : message}`,
        href: "/marketplace",
      },
      {
        mailer: options.mailer,
        subject: `New inquiry about ${listing.name}`,
        body: [
          `Hello ${listing.sellerName},`,
          "",
          `${sender.email} is interested in ${listing.name}, which you listed on the marketplace, and wrote:`,
          "",
          message,
          "",
          `Reply to the buyer at ${sender.email}.`,
          options.inboxUrl
            ? `Your seller inbox: ${options.inboxUrl}`
            : "You will find this message in your seller inbox on the Marketplace page.",
        ].join("\n"),
      },
    );
    return { id: row.id };
  });
}

/** The seller's messages, newest first, with how many are unread. */
export async function sellerInbox(options: { db: Db; userId: string }): Promise<TSellerInbox> {
  const { db, userId } = options;
  const rows = await db
    .select({
      id: marketplaceMessages.id,
      domainId: marketplaceMessages.domainId,
      domainName: domains.name,
      senderEmail: marketplaceMessages.senderEmail,
      message: marketplaceMessages.message,
      createdAt: marketplaceMessages.createdAt,
      readAt: marketplaceMessages.readAt,
    })
    .from(marketplaceMessages)
    .innerJoin(domains, eq(domains.id, marketplaceMessages.domainId))
    .where(eq(marketplaceMessages.sellerId, userId))
    .orderBy(desc(marketplaceMessages.createdAt), desc(marketplaceMessages.id))
    .limit(INBOX_SIZE);
  const [unread] = await db
    .select({ n: count() })
    .from(marketplaceMessages)
    .where(and(eq(marketplaceMessages.sellerId, userId), isNull(marketplaceMessages.readAt)));
  return {
    messages: rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      readAt: r.readAt?.toISOString() ?? null,
    })),
    unreadCount: unread.n,
  };
}

/** Marks one of the seller's messages read; reading it again keeps the first time. */
export async function markMessageRead(options: { db: Db; userId: string; messageId: string }): Promise<void> {
  const { db, userId, messageId } = options;
  const [row] = await db
    .select({ id: marketplaceMessages.id, readAt: marketplaceMessages.readAt })
    .from(marketplaceMessages)
    .where(and(eq(marketplaceMessages.id, messageId), eq(marketplaceMessages.sellerId, userId)));
  if (!row) throw notFound("Message");
  if (!row.readAt) {
    await db
      .update(marketplaceMessages)
      .set({ readAt: new Date() })
      .where(eq(marketplaceMessages.id, messageId));
  }
}
