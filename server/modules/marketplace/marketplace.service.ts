import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type {
  TLanderAnswer,
  TListingAnswer,
  TListingSort,
  TMarketplaceListing,
  TMarketplaceQuery,
  TSaleAnswer,
} from "../../../shared/api/marketplace/listings";
import { encodeCursor } from "../../../shared/api/v1/common";
import { LIVE_SALE_MESSAGE } from "../../../shared/marketplace-deals";
import { formatUsd } from "../../../shared/money";
import { LISTING_TYPES, premiumListingFeature } from "../../../shared/prices";
import { accountEvents, domains } from "../../../shared/schema";
import { containsPattern } from "../../db/contains-pattern";
import { exactIsoTime } from "../../db/iso-time";
import { hasLiveSale } from "../../db/live-sale";
import type { Db } from "../../db/pool";
import type { Tx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import { notify } from "../notifications/notify";
import { assertPlanAllows } from "../plans/plan-limits";
import { creditRevenue } from "../revenue/reported-revenue";
import { closeWorkOnDomain } from "../work-orders/work-order-effects";

interface ListingRow extends Record<string, unknown> {
  total: number;
  id: string | null;
  name: string;
  price: string;
  visitors: number;
  parking_revenue: string;
  registration_date: Date | string;
  listed_at: Date | string | null;
  is_own: boolean;
  featured_until: Date | string | null;
  sale_banner: boolean;
  lander_views: number;
  lander_offers: string | number | null;
  lander_sales: string | number | null;
  sort_value: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** "example.co.uk" → "co.uk": everything after the registrable label. */
export const tldOf = (name: string) => name.slice(name.indexOf(".") + 1).toLowerCase();

/** Days over which `parkingRevenue` (a daily average) and `visitors` are measured, as on the portfolio. */
const RECENT_DAYS = 30;

/**
 * Each order's key over the listings, its value as a cursor writes it, how a cursor's value is
 * read back, and its direction; ties are broken by name, A to Z. A listing without a listing time
 * (listed before listings had one) is the oldest.
 */
const SORTS: Record<
  TListingSort,
  { key: SQL; text: SQL; read: (value: string) => SQL; desc: boolean; byFigures?: boolean }
> = {
  newest: {
    key: sql`coalesce(r.listed_at, '-infinity'::timestamptz)`,
    text: sql`coalesce(${exactIsoTime(sql`r.listed_at`)}, '')`,
    read: (v) => (v === "" ? sql`'-infinity'::timestamptz` : sql`${v}::timestamptz`),
    desc: true,
  },
  "price-asc": { key: sql`r.price`, text: sql`r.price::text`, read: (v) => sql`${v}::numeric`, desc: false },
  "price-desc": { key: sql`r.price`, text: sql`r.price::text`, read: (v) => sql`${v}::numeric`, desc: true },
  "visitors-desc": {
    key: sql`r.visitors`,
    text: sql`r.visitors::text`,
    read: (v) => sql`${v}::bigint`,
    desc: true,
    byFigures: true,
  },
};

/**
 * A page of every owner's listed, unsold, verified domains in the order asked, filtered, with the
 * portfolio's figures: the average daily parking revenue and the visitors (ad-network and
 * parked-host) over the last 30 days of the owner's calendar; and how many listings the filters
 * keep in all. Owners are never named; `isOwn` marks the viewer's own. The figures are aggregated
 * in one pass (hash joins): over the page's listings only, unless the order ranks by them.
 */
export async function listMarketplace(options: {
  db: Db;
  /** The viewer; null for a signed-out visitor of the public storefront. */
  userId: string | null;
  query: TMarketplaceQuery;
}): Promise<{ data: TMarketplaceListing[]; nextCursor: string | null; total: number }> {
  const { query } = options;
  const sort = SORTS[query.sort];
  const after = query.after;
  // A cursor's value is "<rank>|…": the placement rank of the last listing (0 unfeatured, highest first).
  const bar = after?.value.indexOf("|") ?? -1;
  const afterFeatured = after && bar > 0 ? Number(after.value.slice(0, bar)) || 0 : 0;
  const afterValue = after && bar >= 0 ? after.value.slice(bar + 1) : "";
  const beyond = after
    ? sql`where r.featured < ${afterFeatured} or (r.featured = ${afterFeatured} and (
        ${sort.key} ${sort.desc ? sql`<` : sql`>`} ${sort.read(afterValue)}
        or (${sort.key} = ${sort.read(afterValue)} and r.name > ${after.name})))`
    : sql``;
  const order = sql`order by r.featured desc, ${sort.key} ${sort.desc ? sql`desc` : sql`asc`}, r.name`;
  const { rows } = await options.db.execute<ListingRow>(sql`
    with featured as (${featuredGrants()}),
    listed as (
      select d.id, d.name, d.marketplace_price as price, d.registration_date, d.listed_at, d.user_id,
        d.sale_banner, d.lander_views,
        (now() at time zone u.time_zone)::date - ${RECENT_DAYS - 1}::int as since,
        f.until as featured_until, coalesce(f.rank, 0) as featured
      from domains d join users u on u.id = d.user_id
      left join featured f on f.domain_id = d.id and f.user_id = d.user_id
      -- A listing shows only while its owner's ownership is proven (docs/security.md#domain-ownership).
      where d.marketplace_price is not null and d.sold_at is null and d.verified_at is not null
        ${query.q ? sql`and d.name like ${containsPattern(query.q)}` : sql``}
        ${query.minPrice ? sql`and d.marketplace_price >= ${query.minPrice}::numeric` : sql``}
        ${query.maxPrice ? sql`and d.marketplace_price <= ${query.maxPrice}::numeric` : sql``}
        ${query.tld ? sql`and lower(substr(d.name, strpos(d.name, '.') + 1)) = ${query.tld}` : sql``}
    ),
    -- The listings whose figures are needed: all of them to rank by visitors, else only the page's.
    ranked as (
      select r.* from listed r
      ${sort.byFigures ? sql`` : sql`${beyond} ${order} limit ${query.limit + 1}`}
    ),
    parking as (
      select p.domain_id, sum(p.revenue) as revenue, sum(p.visitors) as visitors
      from ranked l join parking_reports p on p.domain_id = l.id and p.day >= l.since
      group by p.domain_id
    ),
    traffic as (
      select v.domain_id, sum(v.visits) as visits
      from ranked l join domain_traffic v on v.domain_id = l.id and v.day >= l.since
      group by v.domain_id
    ),
    listings as (
      select l.id, l.name, l.price, l.registration_date, l.listed_at, l.featured, l.featured_until,
        coalesce(l.user_id = ${options.userId}, false) as is_own,
        l.sale_banner, l.lander_views,
        -- What the name's own parked page brought, for its owner only: offers begun there, sales paid.
        case when l.user_id = ${options.userId} then (
          select count(*) from marketplace_offers o
          where o.domain_id = l.id and o.from_lander and o.replaces_id is null and o.made_by = 'buyer'
        ) end as lander_offers,
        case when l.user_id = ${options.userId} then (
          select count(*) from marketplace_transactions t
          where t.domain_id = l.id and t.from_lander and t.paid_at is not null
        ) end as lander_sales,
        (coalesce(p.visitors, 0) + coalesce(t.visits, 0))::bigint as visitors,
        round(coalesce(p.revenue, 0) / ${RECENT_DAYS}, 2)::text as parking_revenue
      from ranked l
      left join parking p on p.domain_id = l.id
      left join traffic t on t.domain_id = l.id
    )
    select c.total, page.* from (select count(*)::int as total from listed) c
    left join lateral (
      select r.*, r.featured::text || '|' || ${sort.text} as sort_value,
        ${sort.key} as sort_key from listings r
      ${beyond} ${order}
      limit ${query.limit + 1}
    ) page on true
    order by page.featured desc, page.sort_key ${sort.desc ? sql`desc` : sql`asc`}, page.name
  `);
  const total = Number(rows[0]?.total ?? 0);
  const found = rows.filter((r) => r.id !== null);
  const more = found.length > query.limit;
  const shown = more ? found.slice(0, query.limit) : found;
  const last = shown.at(-1);
  return {
    data: shown.map((r) => ({
      id: r.id as string,
      name: r.name,
      tld: tldOf(r.name),
      price: r.price,
      visitors: Number(r.visitors),
      parkingRevenue: r.parking_revenue,
      registrationDate: iso(r.registration_date),
      listedAt: iso(r.listed_at ?? r.registration_date),
      isOwn: r.is_own,
      featuredUntil: r.featured_until ? iso(r.featured_until) : null,
      lander: r.is_own
        ? {
            shown: r.sale_banner,
            views: Number(r.lander_views),
            offers: Number(r.lander_offers ?? 0),
            sales: Number(r.lander_sales ?? 0),
          }
        : null,
    })),
    nextCursor: more && last ? encodeCursor([last.sort_value, last.name]) : null,
    total,
  };
}

/**
 * How high each feature places a listing in every order (docs/marketplace.md): a Premium
 * Listing's tier by its rank, Enterprise first; the Premium promotion (all promotions in one) and
 * a Premium Listing granted before tiers differed place as Featured.
 */
export const FEATURE_RANKS: Readonly<Record<string, number>> = {
  "premium-listing": 1,
  "promotion:premium": 1,
  ...Object.fromEntries(LISTING_TYPES.map((t) => [premiumListingFeature(t.id), t.rank])),
};

/** The features that put a listing first in every order with a badge, bought by the domain's owner and not yet ended. */
export const FEATURED_FEATURES = Object.keys(FEATURE_RANKS);

/** The features of the Premium Listing tiers of rank `fromRank` and above (the homepage from Exclusive, the newsletter Enterprise). */
export const tiersFrom = (fromRank: number) =>
  LISTING_TYPES.filter((t) => t.rank >= fromRank).map((t) => premiumListingFeature(t.id));

/**
 * Every listing featured now by one of `features`, once per domain and owner, with when its
 * latest grant ends and its best rank: driven from the (few) grants, then hash-joined to the listings.
 */
export function featuredGrants(features: readonly string[] = FEATURED_FEATURES): SQL {
  const rank = sql.join(
    Object.entries(FEATURE_RANKS).map(([f, r]) => sql`when ${f} then ${r}::int`),
    sql` `,
  );
  return sql`
    select e.user_id, e.domain_id, max(e.ends_at) as until,
      max(case e.feature ${rank} else 1 end) as rank from entitlements e
    where e.domain_id is not null and e.status in ('active', 'grace')
      and e.feature in (${sql.join(
        features.map((f) => sql`${f}`),
        sql`, `,
      )})
      and (e.ends_at is null or e.ends_at > now())
    group by e.user_id, e.domain_id`;
}

/** A subquery of one row while the listing `d` is featured (`until`: when the latest grant ends), or none. */
export function featuredUntil(d: SQL, features: readonly string[] = FEATURED_FEATURES): SQL {
  return sql`
    select max(e.ends_at) as until, true as featured from entitlements e
    where e.user_id = ${d}.user_id and e.domain_id = ${d}.id and e.status in ('active', 'grace')
      and e.feature in (${sql.join(
        features.map((f) => sql`${f}`),
        sql`, `,
      )})
      and (e.ends_at is null or e.ends_at > now())
    having count(*) > 0`;
}

/** The TLDs of every listing on offer, A to Z, for the Filters panel. */
export async function listingTlds(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ tld: string }>(sql`
    select distinct lower(substr(d.name, strpos(d.name, '.') + 1)) as tld from domains d
    where d.marketplace_price is not null and d.sold_at is null and d.verified_at is not null
    order by tld
  `);
  return rows.map((r) => r.tld);
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

/** Puts one of the user's verified, unsold, unlisted domains on the marketplace at `price`. */
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
    if (await hasLiveSale(tx, domainId)) throw new AppError("CONFLICT", LIVE_SALE_MESSAGE);
    // A domain beyond the plan's limit (after a downgrade) is read-only: it is not put on sale.
    await assertPlanAllows(tx, userId, { kind: "edit-domain", domainId, name: domain.name });
    if (!domain.verifiedAt) {
      throw new AppError(
        "CONFLICT",
        `Verify ${domain.name} before listing it for sale: only a domain whose ownership is proven can be sold.`,
      );
    }
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
      description: `Listed ${domain.name} for sale at ${formatUsd(price)}`,
    });
    return { id: domainId, price };
  });
}

/** Shows or hides the listing's price, Buy now and Make offer on the name's parked page. */
export async function setLander(options: {
  db: Db;
  userId: string;
  domainId: string;
  shown: boolean;
}): Promise<TLanderAnswer & { name: string }> {
  const [row] = await options.db
    .update(domains)
    .set({ saleBanner: options.shown })
    .where(and(eq(domains.id, options.domainId), eq(domains.userId, options.userId)))
    .returning({ id: domains.id, name: domains.name, shown: domains.saleBanner });
  if (!row) throw notFound("Domain");
  return row;
}

/** Takes the user's domain off the marketplace; unlisting an unlisted domain changes nothing. */
export async function unlistDomain(options: { db: Db; userId: string; domainId: string }): Promise<void> {
  const { db, userId, domainId } = options;
  await db.transaction(async (tx) => {
    await lockOwnDomain(tx, userId, domainId);
    if (await hasLiveSale(tx, domainId)) throw new AppError("CONFLICT", LIVE_SALE_MESSAGE);
    await tx
      .update(domains)
      .set({ marketplacePrice: null, listedAt: null })
      .where(and(eq(domains.id, domainId), eq(domains.userId, userId)));
  });
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
    if (await hasLiveSale(tx, domainId)) throw new AppError("CONFLICT", LIVE_SALE_MESSAGE);
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
      description: `Sold ${domain.name} for ${formatUsd(price)}`,
    });
    await closeWorkOnDomain(tx, domainId, `Closed: ${domain.name} was sold (recorded by its owner).`);
    await notify(tx, {
      userId,
      kind: "domain_sold",
      title: `${domain.name} sold`,
      body: `The sale of ${domain.name} for ${formatUsd(price)} is recorded in your marketplace revenue.`,
      href: "/marketplace",
    });
    return { id: domainId, soldPrice: price, soldAt: soldAt.toISOString() };
  });
}
