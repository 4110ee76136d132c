import { and, eq, isNull, sql } from "drizzle-orm";
import type { TListingAnswer, TMarketplaceListing, TSaleAnswer } from "../../../shared/api/marketplace";
import { accountEvents, domains } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { Tx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import { creditRevenue } from "../ledger/ledger.service";

interface ListingRow extends Record<string, unknown> {
  id: string;
  name: string;
  price: string;
  visitors: number;
  parking_revenue: string;
  registration_date: Date | string;
  listed_at: Date | string | null;
  is_own: boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** "example.co.uk" → "co.uk": everything after the registrable label. */
export const tldOf = (name: string) => name.slice(name.indexOf(".") + 1).toLowerCase();

/** Days over which `parkingRevenue` (a daily average) and `visitors` are measured, as on the portfolio. */
const RECENT_DAYS = 30;

/**
 * Every owner's listed, unsold domains, newest listing first, with the portfolio's figures: the
 * average daily parking revenue and the visitors (ad-network and parked-host) over the last 30
 * days of the owner's calendar. Owners are never named; `isOwn` marks the viewer's own.
 */
export async function listMarketplace(options: { db: Db; userId: string }): Promise<TMarketplaceListing[]> {
  const { rows } = await options.db.execute<ListingRow>(sql`
    select d.id, d.name, d.marketplace_price as price, d.registration_date, d.listed_at,
      d.user_id = ${options.userId} as is_own,
      (coalesce(r.visitors, 0) + coalesce(t.visits, 0))::int as visitors,
      round(coalesce(r.revenue, 0) / ${RECENT_DAYS}, 2)::text as parking_revenue
    from domains d
    join users u on u.id = d.user_id
    cross join lateral (select (now() at time zone u.time_zone)::date - ${RECENT_DAYS - 1}::int as day) w
    left join lateral (
      select sum(p.revenue) as revenue, sum(p.visitors) as visitors from parking_reports p
      where p.domain_id = d.id and p.day >= w.day
    ) r on true
    left join lateral (
      select sum(v.visits) as visits from domain_traffic v
      where v.domain_id = d.id and v.day >= w.day
    ) t on true
    where d.marketplace_price is not null and d.sold_at is null
    order by d.listed_at desc nulls last, d.name
  `);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    tld: tldOf(r.name),
    price: r.price,
    visitors: Number(r.visitors),
    parkingRevenue: r.parking_revenue,
    registrationDate: iso(r.registration_date),
    listedAt: iso(r.listed_at ?? r.registration_date),
    isOwn: r.is_own,
  }));
}

/** Locks the user's domain row for the rest of the transaction; someone else's is "not found". */
async function lockOwnDomain(tx: Tx, userId: string, domainId: string) {
  const [domain] = await tx
    .select()
    .from(domains)
    .where(and(eq(domains.id, domainId), eq(domains.userId, userId)))
    .for("update");
  if (!domain) throw notFound("Domain");
  return domain;
}

/** Puts one of the user's unsold, unlisted domains on the marketplace at `price`. */
export async function listDomain(options: {
  db: Db;
  userId: string;
  domainId: string;
  price: string;
}): Promise<TListingAnswer> {
  const { userId, domainId, price } = options;
  return options.db.transaction(async (tx) => {
    const domain = await lockOwnDomain(tx, userId, domainId);
    if (domain.soldAt) throw new AppError("CONFLICT", `${domain.name} has already been sold.`);
    if (domain.marketplacePrice !== null) {
      throw new AppError("CONFLICT", `${domain.name} is already listed for sale.`);
    }
    await tx
      .update(domains)
      .set({ marketplacePrice: price, listedAt: new Date() })
      .where(eq(domains.id, domainId));
    await tx.insert(accountEvents).values({
      userId,
      kind: "domain_listed",
      description: `Listed ${domain.name} for sale at $${price}`,
    });
    return { id: domainId, price };
  });
}

/** Takes the user's domain off the marketplace; unlisting an unlisted domain changes nothing. */
export async function unlistDomain(options: { db: Db; userId: string; domainId: string }): Promise<void> {
  const { db, userId, domainId } = options;
  const [domain] = await db
    .update(domains)
    .set({ marketplacePrice: null, listedAt: null })
    .where(and(eq(domains.id, domainId), eq(domains.userId, userId)))
    .returning({ id: domains.id });
  if (!domain) throw notFound("Domain");
}

/**
 * Records the sale of a listed domain: the seller is credited `price` as marketplace revenue
 * (keyed by the domain, so a domain is credited once however often this is called), the domain
 * is marked sold and leaves the marketplace, and the account's activity notes it.
 */
export async function markSold(options: {
  db: Db;
  userId: string;
  domainId: string;
  price: string;
}): Promise<TSaleAnswer> {
  const { userId, domainId, price } = options;
  return options.db.transaction(async (tx) => {
    const domain = await lockOwnDomain(tx, userId, domainId);
    if (domain.soldAt) throw new AppError("CONFLICT", `${domain.name} has already been sold.`);
    if (domain.marketplacePrice === null) {
      throw new AppError("CONFLICT", `${domain.name} is not listed for sale.`);
    }
    const soldAt = new Date();
    await tx
      .update(domains)
      .set({ soldAt, soldPrice: price, marketplacePrice: null, listedAt: null })
      .where(and(eq(domains.id, domainId), isNull(domains.soldAt)));
    await creditRevenue(tx, [
      {
        userId,
        domainId,
        type: "marketplace",
        amount: price,
        description: `Sold ${domain.name} on the marketplace`,
        metadata: { domainName: domain.name, askingPrice: domain.marketplacePrice },
        sourceKey: `sale:${domainId}`,
        occurredAt: soldAt,
      },
    ]);
    await tx.insert(accountEvents).values({
      userId,
      kind: "domain_sold",
      description: `Sold ${domain.name} for $${price}`,
    });
    return { id: domainId, soldPrice: price, soldAt: soldAt.toISOString() };
  });
}
