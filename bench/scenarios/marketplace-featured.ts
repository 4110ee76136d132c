import type { Scenario } from "../lib/context";
import { seedMarketplaceListings } from "../lib/seed";

const SELLERS = 200;
const LISTINGS = 2_000;
const FEATURED = 50;
const DAYS = 30;

/**
 * The marketplace's first page with 2,000 listings of which 50 are featured (a Premium Listing
 * puts them first in every order), as a signed-in buyer opens /marketplace and as a signed-out
 * visitor opens the public storefront at /listings. Goal: p99 at most 150 ms.
 */
const scenario: Scenario = {
  name: "marketplace-featured",
  async run(ctx) {
    const database = await ctx.freshDatabase();
    const app = await ctx.startApp({ databaseUrl: database.url });
    try {
      const buyer = await ctx.signUp(app.baseUrl);
      const pool = ctx.pool(database.url);
      await seedMarketplaceListings(pool, { sellers: SELLERS, listings: LISTINGS, days: DAYS });
      // Every 40th listing (the oldest ones last under "newest") holds a Premium Listing for 30 days.
      await pool.query(
        `insert into entitlements (user_id, feature, domain_id, source, starts_at, ends_at, status)
         select d.user_id, 'premium-listing', d.id, 'order', now(), now() + interval '30 days', 'active'
         from domains d where d.name like 'listing-%'
         order by d.listed_at asc limit $1::int`,
        [FEATURED],
      );
      await pool.query("analyze");

      const first = await fetch(`${app.baseUrl}/api/marketplace/domains`, {
        headers: { cookie: buyer.cookie },
      });
      const page = (await first.json()) as { featuredUntil: string | null }[];
      const featuredFirst = page.slice(0, FEATURED).every((l) => l.featuredUntil !== null);
      const signedIn = await ctx.load({
        url: `${app.baseUrl}/api/marketplace/domains`,
        headers: { cookie: buyer.cookie },
        connections: 8,
        durationSeconds: 5,
      });
      const byPrice = await ctx.load({
        url: `${app.baseUrl}/api/marketplace/domains?sort=price-asc`,
        headers: { cookie: buyer.cookie },
        connections: 8,
        durationSeconds: 5,
      });
      const storefront = await ctx.load({
        url: `${app.baseUrl}/listings`,
        connections: 8,
        durationSeconds: 5,
      });
      return {
        "listings (X-Total-Count)": Number(first.headers.get("x-total-count")),
        "featured listings": FEATURED,
        "first page starts with the 50 featured": featuredFirst,
        "GET /api/marketplace/domains req/s": signedIn.reqPerSec,
        "GET /api/marketplace/domains p50 ms": signedIn.p50Ms,
        "GET /api/marketplace/domains p99 ms": signedIn.p99Ms,
        "GET /api/marketplace/domains?sort=price-asc p99 ms": byPrice.p99Ms,
        "GET /listings (public storefront) req/s": storefront.reqPerSec,
        "GET /listings p99 ms": storefront.p99Ms,
        "non-2xx": signedIn.non2xx + byPrice.non2xx + storefront.non2xx,
        "goal: p99 at most 150 ms": signedIn.p99Ms <= 150 && storefront.p99Ms <= 150,
      };
    } finally {
      await app.stop();
      await database.drop();
    }
  },
};

export default scenario;
