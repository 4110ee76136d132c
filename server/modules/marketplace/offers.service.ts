import { and, asc, eq, gt, lte, notExists, or } from "drizzle-orm";
import type { TMadeOffer, TOffer, TOfferThread } from "../../../shared/api/marketplace/deals";
import { OFFER_BINDING_DAYS } from "../../../shared/marketplace-deals";
import { formatUsd, toCents } from "../../../shared/money";
import {
  domains,
  type MarketplaceOffer,
  marketplaceOffers,
  marketplaceTransactions,
} from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { DbOrTx, Tx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import { notify } from "../notifications/notify";

const DAY_MS = 86_400_000;
type Side = "buyer" | "seller";

const bindsUntil = (from: Date) => new Date(from.getTime() + OFFER_BINDING_DAYS * DAY_MS);
const other = (side: Side): Side => (side === "buyer" ? "seller" : "buyer");

/** A listing others can make offers on or buy: listed, unsold, its ownership proven. */
export async function lockListing(tx: Tx, domainId: string) {
  const [domain] = await tx.select().from(domains).where(eq(domains.id, domainId)).for("update");
  if (!domain || domain.marketplacePrice === null || domain.soldAt || !domain.verifiedAt)
    throw notFound("Listing");
  return domain;
}

/**
 * An accepted offer reserves its listing for its buyer until it binds no more (7 days) or opens
 * its sale: anyone else's buy-now, lease or offer, and accepting another offer, is refused (409)
 * with the date the reservation ends.
 */
export async function assertNotReserved(tx: Tx, domainId: string, userId: string): Promise<void> {
  const [reserved] = await tx
    .select({ buyerId: marketplaceOffers.buyerId, until: marketplaceOffers.expiresAt })
    .from(marketplaceOffers)
    .where(
      and(
        eq(marketplaceOffers.domainId, domainId),
        eq(marketplaceOffers.status, "accepted"),
        gt(marketplaceOffers.expiresAt, new Date()),
        notExists(
          tx
            .select({ id: marketplaceTransactions.id })
            .from(marketplaceTransactions)
            .where(eq(marketplaceTransactions.offerId, marketplaceOffers.id)),
        ),
      ),
    )
    .limit(1);
  if (reserved && reserved.buyerId !== userId)
    throw new AppError(
      "CONFLICT",
      `This domain is reserved for a buyer whose offer was accepted, until ${reserved.until.toISOString().slice(0, 10)}.`,
    );
}

async function tell(tx: DbOrTx, userId: string, title: string, body: string) {
  await notify(tx, { userId, kind: "marketplace_offer", title, body, href: "/marketplace/deals" });
}

/**
 * A signed-in buyer's offer on someone else's listing. Below the seller's floor it is declined at
 * once (answered, never an error: the buyer learns the floor was not met, not what it is). An
 * earlier open offer of the same buyer on the domain is replaced by the new one.
 */
export async function makeOffer(options: {
  db: Db;
  userId: string;
  domainId: string;
  amount: string;
  message?: string;
  from?: "lander";
}): Promise<TMadeOffer> {
  const { userId, amount } = options;
  return options.db.transaction(async (tx) => {
    const domain = await lockListing(tx, options.domainId);
    if (domain.userId === userId)
      throw new AppError("CONFLICT", "You cannot make an offer on your own listing.");
    await assertNotReserved(tx, domain.id, userId);
    const now = new Date();
    const below = domain.offerFloor !== null && toCents(amount) < toCents(domain.offerFloor);
    await tx
      .update(marketplaceOffers)
      .set({ status: "countered", closedAt: now })
      .where(
        and(
          eq(marketplaceOffers.domainId, domain.id),
          eq(marketplaceOffers.buyerId, userId),
          eq(marketplaceOffers.status, "open"),
        ),
      );
    const [offer] = await tx
      .insert(marketplaceOffers)
      .values({
        domainId: domain.id,
        buyerId: userId,
        sellerId: domain.userId,
        madeBy: "buyer",
        amount,
        message: options.message || null,
        fromLander: options.from === "lander",
        status: below ? "declined" : "open",
        expiresAt: bindsUntil(now),
        closedAt: below ? now : null,
        createdAt: now,
      })
      .returning();
    if (below) {
      await tell(
        tx,
        userId,
        `Offer on ${domain.name} declined`,
        `Your offer of ${formatUsd(amount)} is below what the seller accepts.`,
      );
    } else {
      await tell(
        tx,
        domain.userId,
        `New offer on ${domain.name}`,
        `A buyer offers ${formatUsd(amount)}. It binds for ${OFFER_BINDING_DAYS} days.`,
      );
    }
    return {
      id: offer.id,
      status: offer.status as TMadeOffer["status"],
      amount: offer.amount,
      expiresAt: offer.expiresAt.toISOString(),
    };
  });
}

/** Locks an offer the user is a side of; anyone else's is "not found". */
async function lockOffer(
  tx: Tx,
  userId: string,
  offerId: string,
): Promise<{ offer: MarketplaceOffer; side: Side }> {
  const [offer] = await tx
    .select()
    .from(marketplaceOffers)
    .where(
      and(
        eq(marketplaceOffers.id, offerId),
        or(eq(marketplaceOffers.buyerId, userId), eq(marketplaceOffers.sellerId, userId)),
      ),
    )
    .for("update");
  if (!offer) throw notFound("Offer");
  return { offer, side: offer.buyerId === userId ? "buyer" : "seller" };
}

/** The offer must be open and not past its time; an expired one is closed on the way. */
async function assertOpen(tx: Tx, offer: MarketplaceOffer) {
  if (offer.status === "open" && offer.expiresAt <= new Date()) {
    await endOffer(tx, offer.id, "expired");
    throw new AppError("CONFLICT", "This offer has expired.");
  }
  if (offer.status !== "open")
    throw new AppError("CONFLICT", `This offer is ${offer.status} and can no longer be answered.`);
}

/** Answers an open offer made by the other side: accept, decline or counter. */
async function answerable(tx: Tx, userId: string, offerId: string, member = false) {
  const found = await lockOffer(tx, userId, offerId);
  // A team member answers for the selling side only: the buying side commits the owner's money.
  if (member && found.side === "buyer")
    throw new AppError(
      "ROLE_FORBIDDEN",
      "Only the portfolio's owner answers offers on domains they are buying.",
    );
  await assertOpen(tx, found.offer);
  if (found.offer.madeBy === found.side)
    throw new AppError("CONFLICT", "This offer waits for the other side's answer.");
  return found;
}

/** Ends the offer `id` as `status` at `now`. */
async function endOffer(tx: Tx, id: string, status: MarketplaceOffer["status"], now = new Date()) {
  await tx.update(marketplaceOffers).set({ status, closedAt: now }).where(eq(marketplaceOffers.id, id));
}

/** The answer to an open offer of the other side, with its listing locked: the offer ends as `status`. */
async function answerOffer(
  tx: Tx,
  options: { userId: string; offerId: string; member?: boolean },
  status: "countered" | "accepted",
) {
  const found = await answerable(tx, options.userId, options.offerId, options.member);
  await lockListing(tx, found.offer.domainId);
  await assertNotReserved(tx, found.offer.domainId, found.offer.buyerId);
  const now = new Date();
  await endOffer(tx, found.offer.id, status, now);
  return { ...found, now };
}

const domainName = async (tx: DbOrTx, domainId: string) =>
  (await tx.select({ name: domains.name }).from(domains).where(eq(domains.id, domainId)))[0]?.name ??
  "the domain";

/** Who answers which offer. */
type AnswerOptions = {
  db: Db;
  userId: string;
  offerId: string;
  /** A team member acts in the owner's portfolio: they answer only as its seller. */
  member?: boolean;
};

/** A counter replaces the offer it answers, for a new amount, binding for its own 7 days. */
export async function counterOffer(options: AnswerOptions & { amount: string }): Promise<TMadeOffer> {
  return options.db.transaction(async (tx) => {
    const { offer, side, now } = await answerOffer(tx, options, "countered");
    const [counter] = await tx
      .insert(marketplaceOffers)
      .values({
        domainId: offer.domainId,
        buyerId: offer.buyerId,
        sellerId: offer.sellerId,
        madeBy: side,
        amount: options.amount,
        status: "open",
        replacesId: offer.id,
        // A thread begun on the name's lander stays the lander's, so the sale it ends in counts there.
        fromLander: offer.fromLander,
        expiresAt: bindsUntil(now),
        createdAt: now,
      })
      .returning();
    const name = await domainName(tx, offer.domainId);
    await tell(
      tx,
      side === "buyer" ? offer.sellerId : offer.buyerId,
      `Counter-offer on ${name}`,
      `The ${side} counters with ${formatUsd(options.amount)}.`,
    );
    return {
      id: counter.id,
      status: "open",
      amount: counter.amount,
      expiresAt: counter.expiresAt.toISOString(),
    };
  });
}

/**
 * Accepting binds both sides at the offer's amount for 7 more days: the buyer opens one escrow
 * sale of it (`POST /api/marketplace/transactions {offerId}`) within them, or it lapses. Every
 * other open offer on the domain is declined, since the domain is promised.
 */
export async function acceptOffer(options: AnswerOptions): Promise<TMadeOffer> {
  return options.db.transaction(async (tx) => {
    const { offer, side, now } = await answerOffer(tx, options, "accepted");
    // Accepted, the offer binds both sides for 7 more days: the buyer's time to open the sale.
    await tx
      .update(marketplaceOffers)
      .set({ expiresAt: bindsUntil(now) })
      .where(eq(marketplaceOffers.id, offer.id));
    await tx
      .update(marketplaceOffers)
      .set({ status: "declined", closedAt: now })
      .where(and(eq(marketplaceOffers.domainId, offer.domainId), eq(marketplaceOffers.status, "open")));
    const name = await domainName(tx, offer.domainId);
    await tell(
      tx,
      side === "buyer" ? offer.sellerId : offer.buyerId,
      `Offer on ${name} accepted`,
      `${formatUsd(offer.amount)} is agreed. The buyer has ${OFFER_BINDING_DAYS} days to pay into escrow.`,
    );
    return {
      id: offer.id,
      status: "accepted",
      amount: offer.amount,
      expiresAt: bindsUntil(now).toISOString(),
    };
  });
}

export async function declineOffer(options: AnswerOptions): Promise<TMadeOffer> {
  return options.db.transaction(async (tx) => {
    const { offer, side } = await answerable(tx, options.userId, options.offerId, options.member);
    return closeOffer(tx, offer, side, { status: "declined", verb: "declined" });
  });
}

/** The side that made an open offer may take it back. */
export async function withdrawOffer(options: {
  db: Db;
  userId: string;
  offerId: string;
}): Promise<TMadeOffer> {
  return options.db.transaction(async (tx) => {
    const { offer, side } = await lockOffer(tx, options.userId, options.offerId);
    await assertOpen(tx, offer);
    if (offer.madeBy !== side) throw new AppError("CONFLICT", "Only who made an offer can withdraw it.");
    return closeOffer(tx, offer, side, { status: "withdrawn", verb: "withdrew" });
  });
}

/** Ends an offer as declined or withdrawn and tells the other side. */
async function closeOffer(
  tx: Tx,
  offer: MarketplaceOffer,
  side: Side,
  how: { status: "declined" | "withdrawn"; verb: string },
): Promise<TMadeOffer> {
  await endOffer(tx, offer.id, how.status);
  const name = await domainName(tx, offer.domainId);
  await tell(
    tx,
    side === "buyer" ? offer.sellerId : offer.buyerId,
    `Offer on ${name} ${how.status}`,
    `The ${side} ${how.verb} ${formatUsd(offer.amount)}.`,
  );
  return { id: offer.id, status: how.status, amount: offer.amount, expiresAt: offer.expiresAt.toISOString() };
}

/** The seller's floor for a listing of theirs; null takes any offer. */
export async function setOfferFloor(options: {
  db: Db;
  userId: string;
  domainId: string;
  floor: string | null;
}) {
  const [domain] = await options.db
    .update(domains)
    .set({ offerFloor: options.floor })
    .where(and(eq(domains.id, options.domainId), eq(domains.userId, options.userId)))
    .returning({ id: domains.id, offerFloor: domains.offerFloor });
  if (!domain) throw notFound("Domain");
  return { domainId: domain.id, floor: domain.offerFloor };
}

/**
 * The user's offer threads as buyer or as seller, newest thread first: every offer and counter
 * between a buyer and a domain, oldest first, with which ones wait for the user.
 */
export async function listOffers(options: { db: Db; userId: string; role: Side }): Promise<TOfferThread[]> {
  const { db, userId, role } = options;
  const mine = role === "buyer" ? marketplaceOffers.buyerId : marketplaceOffers.sellerId;
  const rows = await db
    .select({ offer: marketplaceOffers, domainName: domains.name, transactionId: marketplaceTransactions.id })
    .from(marketplaceOffers)
    .innerJoin(domains, eq(domains.id, marketplaceOffers.domainId))
    .leftJoin(marketplaceTransactions, eq(marketplaceTransactions.offerId, marketplaceOffers.id))
    .where(eq(mine, userId))
    .orderBy(asc(marketplaceOffers.createdAt))
    .limit(500);
  const threads = new Map<string, TOfferThread>();
  const now = Date.now();
  for (const { offer, domainName, transactionId } of rows) {
    const key = `${offer.domainId}:${offer.buyerId}`;
    const thread = threads.get(key) ?? { domainId: offer.domainId, domainName, role, offers: [] };
    threads.set(key, thread);
    const past = offer.expiresAt.getTime() <= now;
    const lapsed = offer.status === "accepted" && past && !transactionId;
    const status = (
      offer.status === "open" && past ? "expired" : lapsed ? "lapsed" : offer.status
    ) as TOffer["status"];
    thread.offers.push({
      id: offer.id,
      domainId: offer.domainId,
      domainName,
      madeBy: offer.madeBy as Side,
      amount: offer.amount,
      message: offer.message,
      status,
      expiresAt: offer.expiresAt.toISOString(),
      createdAt: offer.createdAt.toISOString(),
      transactionId: transactionId ?? null,
      awaitsMe: status === "open" && offer.madeBy === other(role),
    });
  }
  return [...threads.values()].reverse();
}

/**
 * Closes every open offer past its binding time, and lapses every accepted one that opened no
 * sale within its own, and tells both sides; answers how many.
 */
export async function expireOffers(options: { db: Db; now?: Date }): Promise<{ expired: number }> {
  const now = options.now ?? new Date();
  return options.db.transaction(async (tx) => {
    const unpaid = await tx
      .update(marketplaceOffers)
      .set({ status: "lapsed" })
      .where(
        and(
          eq(marketplaceOffers.status, "accepted"),
          lte(marketplaceOffers.expiresAt, now),
          notExists(
            tx
              .select({ id: marketplaceTransactions.id })
              .from(marketplaceTransactions)
              .where(eq(marketplaceTransactions.offerId, marketplaceOffers.id)),
          ),
        ),
      )
      .returning();
    for (const offer of unpaid) await tellLapsed(tx, offer, "no sale was opened in time");
    const expired = await tx
      .update(marketplaceOffers)
      .set({ status: "expired", closedAt: now })
      .where(and(eq(marketplaceOffers.status, "open"), lte(marketplaceOffers.expiresAt, now)))
      .returning();
    for (const offer of expired) {
      const name = await domainName(tx, offer.domainId);
      const text = `The offer of ${formatUsd(offer.amount)} on ${name} expired without an answer.`;
      for (const userId of [offer.buyerId, offer.sellerId])
        await tell(tx, userId, `Offer on ${name} expired`, text);
    }
    return { expired: expired.length + unpaid.length };
  });
}

async function tellLapsed(tx: DbOrTx, offer: MarketplaceOffer, why: string) {
  const name = await domainName(tx, offer.domainId);
  const text = `The accepted offer of ${formatUsd(offer.amount)} on ${name} lapsed: ${why}. The listing is open again.`;
  for (const userId of [offer.buyerId, offer.sellerId])
    await tell(tx, userId, `Offer on ${name} lapsed`, text);
}

/** The sale an accepted offer opened was cancelled unpaid: the offer lapses, and opens no other. */
export async function lapseOffer(tx: Tx, offerId: string): Promise<void> {
  const [offer] = await tx
    .update(marketplaceOffers)
    .set({ status: "lapsed" })
    .where(and(eq(marketplaceOffers.id, offerId), eq(marketplaceOffers.status, "accepted")))
    .returning();
  if (offer) await tellLapsed(tx, offer, "its sale was cancelled before payment");
}

/** The accepted offer a buyer is paying, locked; anything else is refused. */
export async function lockAcceptedOffer(tx: Tx, userId: string, offerId: string): Promise<MarketplaceOffer> {
  const [offer] = await tx
    .select()
    .from(marketplaceOffers)
    .where(and(eq(marketplaceOffers.id, offerId), eq(marketplaceOffers.buyerId, userId)))
    .for("update");
  if (!offer) throw notFound("Offer");
  if (offer.status !== "accepted") throw new AppError("CONFLICT", "Only an accepted offer can be paid.");
  const [opened] = await tx
    .select({ id: marketplaceTransactions.id })
    .from(marketplaceTransactions)
    .where(eq(marketplaceTransactions.offerId, offer.id))
    .limit(1);
  if (opened) throw new AppError("CONFLICT", "This offer has already opened a sale.");
  if (offer.expiresAt <= new Date())
    throw new AppError(
      "CONFLICT",
      `This offer lapsed: its sale had to be opened within ${OFFER_BINDING_DAYS} days of acceptance.`,
    );
  return offer;
}
