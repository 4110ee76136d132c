import { randomUUID } from "node:crypto";
import { and, eq, inArray, or } from "drizzle-orm";
import { checkoutPagePath } from "../../../shared/api/checkout";
import type { TMarketplaceTransaction, TOpenedTransaction } from "../../../shared/api/marketplace/deals";
import {
  LEASE_GRACE_DAYS,
  LIVE_SALE_STATUSES,
  MARKETPLACE_LEASE_OFFER,
  MARKETPLACE_SALE_OFFER,
  PAYMENT_DAYS,
  PROTECTION_TERMS,
  sellerProceedsCents,
  type TProtectionLevel,
  TRANSFER_DAYS,
} from "../../../shared/marketplace-deals";
import { centsToDecimal, formatUsd, toCents } from "../../../shared/money";
import { type MarketplaceTransaction, marketplaceTransactions, serviceOrders } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { Tx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import type { OwnershipChecker } from "../domains/check-ownership";
import { paidInstalmentOrders } from "./lease-payments";
import { leaseTermsFor } from "./lease-terms";
import { assertNotReserved, lockAcceptedOffer, lockListing } from "./offers.service";
import { requireSaleEvent } from "./sale-events";
import { inspectionDaysFor, protectionOf, type SaleConfig } from "./sale-terms";
import { tellSale } from "./tell-sale";

const DAY_MS = 86_400_000;
export const LIVE_STATUSES = LIVE_SALE_STATUSES;

/**
 * Sales a buyer may leave unpaid at once. An unpaid sale holds its listing for everyone else until
 * it is paid or lapses, so one account cannot hold every listing.
 */
export const MAX_UNPAID_SALES = 2;

const addDays = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);
/** The TXT record's value that proves the buyer controls the name. */
export const buyerTxtValue = (token: string) => `parkpilot-verify=${token}`;

/**
 * Opens an escrow sale: buy now at the asking price (`domainId`), or the amount of an accepted
 * offer the buyer was party to (`offerId`), or a lease-to-own of the listing over a Financing term
 * the seller offers (`kind: "lease"`: the order is the first instalment, a monthly subscription).
 * The buyer's order is created pending and paid at the existing checkout; nothing moves until the
 * platform holds the payment.
 */
export async function openTransaction(options: {
  db: Db;
  userId: string;
  input:
    | { domainId: string; from?: "lander" }
    | { offerId: string }
    | { domainId: string; kind: "lease"; months: number };
  config: SaleConfig;
}): Promise<TOpenedTransaction & { checkoutUrl: string }> {
  const { userId, input, config } = options;
  return options.db.transaction(async (tx) => {
    const offer = "offerId" in input ? await lockAcceptedOffer(tx, userId, input.offerId) : null;
    const domain = await lockListing(tx, offer?.domainId ?? ("domainId" in input ? input.domainId : ""));
    if (domain.userId === userId) throw new AppError("CONFLICT", "You cannot buy your own listing.");
    if (offer && offer.sellerId !== domain.userId)
      throw new AppError("CONFLICT", "This offer is no longer valid.");
    if (!offer) await assertNotReserved(tx, domain.id, userId);
    const [live] = await tx
      .select({ id: marketplaceTransactions.id, buyerId: marketplaceTransactions.buyerId })
      .from(marketplaceTransactions)
      .where(
        and(
          eq(marketplaceTransactions.domainId, domain.id),
          inArray(marketplaceTransactions.status, [...LIVE_STATUSES]),
        ),
      );
    if (live) throw new AppError("CONFLICT", `${domain.name} is already being sold.`);
    const unpaid = await tx
      .select({ id: marketplaceTransactions.id })
      .from(marketplaceTransactions)
      .where(
        and(
          eq(marketplaceTransactions.buyerId, userId),
          eq(marketplaceTransactions.status, "awaiting_payment"),
        ),
      );
    if (unpaid.length >= MAX_UNPAID_SALES)
      throw new AppError(
        "CONFLICT",
        `You have ${unpaid.length} purchases waiting for payment. Pay for one, or let it lapse, before starting another.`,
      );
    const amount = offer?.amount ?? (domain.marketplacePrice as string);
    const lease = "kind" in input ? await leaseTermsFor(tx, domain, input.months) : null;
    const protection = await protectionOf(tx, domain.userId, domain.id);
    const id = randomUUID();
    const [order] = await tx
      .insert(serviceOrders)
      .values(
        lease
          ? {
              userId,
              offerId: MARKETPLACE_LEASE_OFFER,
              serviceType: "marketplace_lease",
              description: `Lease-to-own of ${domain.name}: ${lease.months} monthly instalments at ${lease.aprPercent}% APR`,
              price: lease.monthly,
              // The subscription keeps `request`, so every later instalment names its lease.
              metadata: { domainName: domain.name, transactionId: id, request: { transactionId: id } },
            }
          : {
              userId,
              offerId: MARKETPLACE_SALE_OFFER,
              serviceType: "marketplace_purchase",
              description: `Purchase of ${domain.name}, held in escrow`,
              price: amount,
              metadata: { domainName: domain.name, transactionId: id },
            },
      )
      .returning({ id: serviceOrders.id });
    await tx.insert(marketplaceTransactions).values({
      id,
      domainId: domain.id,
      domainName: domain.name,
      buyerId: userId,
      sellerId: domain.userId,
      offerId: offer?.id ?? null,
      fromLander: offer ? offer.fromLander : "from" in input && input.from === "lander",
      amount,
      orderId: order.id,
      protection,
      inspectionDays: inspectionDaysFor(protection, config.inspectionDays),
      commissionPercent: config.commissionPercent.toFixed(2),
      ...(lease
        ? {
            kind: "lease",
            leaseMonths: lease.months,
            leaseAprPercent: lease.aprPercent.toFixed(2),
            leaseMonthly: lease.monthly,
            leaseLast: lease.last,
          }
        : {}),
    });
    await tellSale(
      tx,
      domain.userId,
      `${domain.name}: a buyer is paying`,
      lease
        ? `A buyer is leasing it to own: ${lease.months} instalments of ${formatUsd(lease.monthly)}. The lessee controls what it serves while paying; you move it after the last instalment.`
        : `A buyer is paying ${formatUsd(amount)} into escrow. Move the domain once the payment is held.`,
      id,
    );
    return {
      id,
      status: "awaiting_payment",
      amount,
      orderId: order.id,
      checkoutUrl: checkoutPagePath(order.id),
    };
  });
}

/** One of the user's sales, as buyer or seller; anyone else's is "not found". */
async function ownTransaction(
  db: Db | Tx,
  userId: string,
  id: string,
  lock = false,
): Promise<MarketplaceTransaction> {
  const query = db
    .select()
    .from(marketplaceTransactions)
    .where(
      and(
        eq(marketplaceTransactions.id, id),
        or(eq(marketplaceTransactions.buyerId, userId), eq(marketplaceTransactions.sellerId, userId)),
      ),
    );
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("Transaction");
  return row;
}

/** When the current step of a sale runs out, or null once nothing waits. */
export function deadlineOf(row: MarketplaceTransaction): Date | null {
  switch (row.status) {
    case "awaiting_payment":
      return addDays(row.createdAt, PAYMENT_DAYS);
    case "leasing":
      return row.nextInstalmentAt ? addDays(row.nextInstalmentAt, LEASE_GRACE_DAYS) : null;
    case "awaiting_transfer":
      return row.paidAt ? addDays(row.paidAt, TRANSFER_DAYS) : null;
    case "inspection":
      return row.inspectionEndsAt;
    default:
      return null;
  }
}

export function transactionView(row: MarketplaceTransaction, userId: string): TMarketplaceTransaction {
  const role = row.buyerId === userId ? "buyer" : "seller";
  const level = row.protection as TProtectionLevel | null;
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: row.id,
    domainName: row.domainName,
    role,
    status: row.status as TMarketplaceTransaction["status"],
    amount: row.amount,
    orderId: role === "buyer" ? row.orderId : null,
    protection: level && PROTECTION_TERMS[level] ? { level, summary: PROTECTION_TERMS[level].summary } : null,
    inspectionDays: row.inspectionDays,
    sellerProceeds: centsToDecimal(sellerProceedsCents(toCents(row.amount), Number(row.commissionPercent))),
    commissionPercent: row.commissionPercent,
    transfer:
      role === "buyer" && ["awaiting_payment", "awaiting_transfer"].includes(row.status)
        ? { txtRecord: { name: row.domainName, value: buyerTxtValue(row.buyerToken) } }
        : null,
    deadline: iso(deadlineOf(row)),
    paidAt: iso(row.paidAt),
    transferredAt: iso(row.transferredAt),
    disputeReason: row.disputeReason,
    statements: statementsOf(row),
    testMoney: row.testMoney,
    closedAt: iso(row.closedAt),
    createdAt: row.createdAt.toISOString(),
    kind: row.kind === "lease" ? "lease" : "sale",
    lease: leaseView(row, role),
  };
}

/** Both sides' statements on a dispute, as each last gave it. */
export function statementsOf(row: MarketplaceTransaction): TMarketplaceTransaction["statements"] {
  const one = (text: string | null, at: Date | null) => (text && at ? { text, at: at.toISOString() } : null);
  return {
    buyer: one(row.buyerStatement, row.buyerStatementAt),
    seller: one(row.sellerStatement, row.sellerStatementAt),
  };
}

/** What a side's statement writes on the sale: its own column, never the other side's. */
const statementFields = (side: "buyer" | "seller", text: string, at: Date) =>
  side === "buyer"
    ? { buyerStatement: text, buyerStatementAt: at }
    : { sellerStatement: text, sellerStatementAt: at };

function leaseView(row: MarketplaceTransaction, role: "buyer" | "seller"): TMarketplaceTransaction["lease"] {
  if (row.kind !== "lease" || !row.leaseMonths || !row.leaseMonthly || !row.leaseLast) return null;
  const paid = row.instalmentsPaid;
  const paidCents =
    toCents(row.leaseMonthly) * Math.min(paid, row.leaseMonths - 1) +
    (paid >= row.leaseMonths ? toCents(row.leaseLast) : 0);
  return {
    months: row.leaseMonths,
    aprPercent: Number(row.leaseAprPercent),
    monthly: row.leaseMonthly,
    last: row.leaseLast,
    instalmentsPaid: paid,
    paidSoFar: centsToDecimal(paidCents),
    nextInstalmentAt: row.status === "leasing" ? (row.nextInstalmentAt?.toISOString() ?? null) : null,
    redirectUrl: role === "buyer" ? row.leaseRedirectUrl : null,
  };
}

export async function getTransaction(options: { db: Db; userId: string; id: string }) {
  return transactionView(await ownTransaction(options.db, options.userId, options.id), options.userId);
}

/** The user's sales as buyer and as seller, newest first. */
export async function listTransactions(options: {
  db: Db;
  userId: string;
}): Promise<TMarketplaceTransaction[]> {
  const rows = await options.db
    .select()
    .from(marketplaceTransactions)
    .where(
      or(
        eq(marketplaceTransactions.buyerId, options.userId),
        eq(marketplaceTransactions.sellerId, options.userId),
      ),
    )
    .orderBy(marketplaceTransactions.createdAt)
    .limit(200);
  return rows.reverse().map((r) => transactionView(r, options.userId));
}

/**
 * The buyer says the seller moved the name: the TXT record of the buyer's token must answer on
 * the resolver, as every owner proves a domain here. Then inspection starts.
 */
export async function confirmTransfer(options: {
  db: Db;
  checker: OwnershipChecker;
  userId: string;
  id: string;
}): Promise<TMarketplaceTransaction> {
  const { db, userId } = options;
  const row = await ownTransaction(db, userId, options.id);
  if (row.buyerId !== userId) throw new AppError("FORBIDDEN", "Only the buyer confirms the transfer.");
  if (row.status !== "awaiting_transfer")
    throw new AppError(
      "CONFLICT",
      row.status === "awaiting_payment" ? "Pay for the domain first." : "The transfer is already settled.",
    );
  const proof = await options.checker.check({
    name: row.domainName,
    txtValue: buyerTxtValue(row.buyerToken),
    nameservers: [],
  });
  if (proof !== "txt")
    throw new AppError(
      "UNPROCESSABLE",
      `The TXT record ${buyerTxtValue(row.buyerToken)} was not found on ${row.domainName} yet. DNS changes can take a while; try again soon.`,
    );
  return db.transaction(async (tx) => {
    const locked = await ownTransaction(tx, userId, options.id, true);
    const updated = await requireSaleEvent(
      tx,
      locked,
      "transfer_proven",
      { now: new Date() },
      "The transfer is already settled.",
    );
    return transactionView(updated, userId);
  });
}

/** The buyer is satisfied before inspection ends: the sale completes now. */
export async function acceptTransaction(options: { db: Db; userId: string; id: string; config: SaleConfig }) {
  return options.db.transaction(async (tx) => {
    const row = await ownTransaction(tx, options.userId, options.id, true);
    if (row.buyerId !== options.userId) throw new AppError("FORBIDDEN", "Only the buyer accepts the domain.");
    const done = await requireSaleEvent(
      tx,
      row,
      "accepted",
      { now: new Date(), config: options.config },
      "Only a domain under inspection can be accepted.",
    );
    return transactionView(done, options.userId);
  });
}

/**
 * Either side stops the clock and asks staff to decide, while payment is held and not yet
 * released; the reason is also that side's first statement.
 */
export async function disputeTransaction(options: { db: Db; userId: string; id: string; reason: string }) {
  return options.db.transaction(async (tx) => {
    const row = await ownTransaction(tx, options.userId, options.id, true);
    const now = new Date();
    const disputed = await requireSaleEvent(
      tx,
      row,
      "disputed",
      { now, why: options.reason },
      "Only a paid sale that is not yet completed can be disputed.",
    );
    const side = row.buyerId === options.userId ? "buyer" : "seller";
    const [updated] = await tx
      .update(marketplaceTransactions)
      .set(statementFields(side, options.reason, now))
      .where(eq(marketplaceTransactions.id, row.id))
      .returning();
    return transactionView(updated ?? disputed, options.userId);
  });
}

/**
 * A side of a disputed sale gives (or replaces) its own statement for staff, who read both before
 * deciding; the other side is told. Only the buyer and the seller may, and only while it is disputed.
 */
export async function submitDisputeStatement(options: {
  db: Db;
  userId: string;
  id: string;
  statement: string;
}): Promise<TMarketplaceTransaction> {
  return options.db.transaction(async (tx) => {
    const row = await ownTransaction(tx, options.userId, options.id, true);
    if (row.status !== "disputed")
      throw new AppError("CONFLICT", "A statement is given only while the sale is disputed.");
    const side = row.buyerId === options.userId ? "buyer" : "seller";
    const [updated] = await tx
      .update(marketplaceTransactions)
      .set(statementFields(side, options.statement, new Date()))
      .where(eq(marketplaceTransactions.id, row.id))
      .returning();
    await tellSale(
      tx,
      side === "buyer" ? row.sellerId : row.buyerId,
      `${row.domainName}: the ${side} gave a statement`,
      `The ${side} gave staff their account of the dispute. You can give yours on the sale's page.`,
      row.id,
    );
    return transactionView(updated, options.userId);
  });
}

/**
 * Either side calls off a sale nobody has paid yet: its order can no longer be paid, an accepted
 * offer it paid lapses, and both sides are told.
 */
export async function cancelTransaction(options: { db: Db; userId: string; id: string }) {
  return options.db.transaction(async (tx) => {
    const row = await ownTransaction(tx, options.userId, options.id, true);
    const side = row.buyerId === options.userId ? "buyer" : "seller";
    const cancelled = await requireSaleEvent(
      tx,
      row,
      "cancelled",
      { now: new Date(), why: `The ${side} cancelled the sale before it was paid.` },
      "Only a sale that is not paid yet can be cancelled.",
    );
    return transactionView(cancelled, options.userId);
  });
}

/**
 * The lessee chooses what the leased domain serves while the lease runs: a redirect to their own
 * http(s) address, or (null) the parked page, whose leads then earn for the lessee.
 */
export async function setLeaseRedirect(options: { db: Db; userId: string; id: string; url: string | null }) {
  return options.db.transaction(async (tx) => {
    const row = await ownTransaction(tx, options.userId, options.id, true);
    if (row.buyerId !== options.userId)
      throw new AppError("FORBIDDEN", "Only the lessee chooses what a leased domain serves.");
    if (row.kind !== "lease" || row.status !== "leasing")
      throw new AppError("CONFLICT", "Only a running lease's domain can be redirected.");
    const [updated] = await tx
      .update(marketplaceTransactions)
      .set({ leaseRedirectUrl: options.url })
      .where(eq(marketplaceTransactions.id, row.id))
      .returning();
    return transactionView(updated, options.userId);
  });
}

/** A disputed sale or lease, for staff to decide: anything else is refused. */
export async function disputedSale(db: Db, id: string): Promise<MarketplaceTransaction> {
  const [row] = await db.select().from(marketplaceTransactions).where(eq(marketplaceTransactions.id, id));
  if (!row) throw notFound("Transaction");
  if (row.status !== "disputed") throw new AppError("CONFLICT", "Only a disputed sale is decided here.");
  return row;
}

/** Staff decide a dispute for the seller: the sale completes (the name moves, the seller is credited). */
export async function releaseDisputedSale(options: {
  db: Db;
  id: string;
  config: SaleConfig;
  audit: (tx: Tx) => Promise<void>;
}): Promise<MarketplaceTransaction> {
  return options.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(marketplaceTransactions)
      .where(eq(marketplaceTransactions.id, options.id))
      .for("update");
    if (!row) throw notFound("Transaction");
    const done = await requireSaleEvent(
      tx,
      row,
      "released",
      { now: new Date(), config: options.config },
      "Only a disputed sale is decided here.",
    );
    await options.audit(tx);
    return done;
  });
}

/** The orders whose payments a refund of the sale gives back: its escrow payment, or every paid instalment of a lease. */
export async function paidOrdersOfSale(db: Db, row: MarketplaceTransaction): Promise<string[]> {
  if (row.kind === "lease") return paidInstalmentOrders(db, row);
  return row.orderId ? [row.orderId] : [];
}
