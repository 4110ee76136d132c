import type { Scenario } from "../lib/context";
import { seedMarketplaceListings } from "../lib/seed";

const SELLERS = 200;
const LISTINGS = 2_000;
const DAYS = 30;
const INBOX_MESSAGES = 1_000;

/**
 * The marketplace's one cross-account read: every listing on the platform with its 30-day
 * parking and traffic figures, as each visit to /marketplace loads it; and a busy seller's inbox.
 */
const scenario: Scenario = {
  name: "marketplace",
  async run(ctx) {
    const database = await ctx.freshDatabase();
    const app = await ctx.startApp({ databaseUrl: database.url });
    try {
      const buyer = await ctx.signUp(app.baseUrl);
      const seller = await ctx.signUp(app.baseUrl);
      const pool = ctx.pool(database.url);
      await seedMarketplaceListings(pool, { sellers: SELLERS, listings: LISTINGS, days: DAYS });
      await pool.query(
        `insert into domain_traffic (domain_id, user_id, day, visits, leads)
         select d.id, d.user_id, current_date - g, 5 + g % 7, 0
         from domains d, generate_series(0, $1::int - 1) g`,
        [DAYS],
      );
      await pool.query(
        `with d as (insert into domains (user_id, name, marketplace_price, listed_at, status, verified_at, verified_by)
                    values ($1, 'busy-seller.com', 9000, now(), 'active', now(), 'txt') returning id)
         insert into marketplace_messages (domain_id, seller_id, sender_id, sender_email, message, created_at)
         select d.id, $1, $2, 'buyer@example.com', 'Offer number ' || i, now() - i * interval '1 minute'
         from d, generate_series(1, $3::int) i`,
        [seller.userId, buyer.userId, INBOX_MESSAGES],
      );
      await pool.query("analyze");

      // The first page as the marketplace opens it (newest), and in the order that ranks every listing's figures.
      const first = await fetch(`${app.baseUrl}/api/marketplace/domains`, {
        headers: { cookie: buyer.cookie },
      });
      const body = await first.text();
      const listed = Number(first.headers.get("x-total-count"));
      const listings = await ctx.load({
        url: `${app.baseUrl}/api/marketplace/domains`,
        headers: { cookie: buyer.cookie },
        connections: 8,
        durationSeconds: 5,
      });
      const byVisitors = await ctx.load({
        url: `${app.baseUrl}/api/marketplace/domains?sort=visitors-desc`,
        headers: { cookie: buyer.cookie },
        connections: 8,
        durationSeconds: 5,
      });
      const inbox = await ctx.load({
        url: `${app.baseUrl}/api/marketplace/messages`,
        headers: { cookie: seller.cookie },
        connections: 8,
        durationSeconds: 5,
      });
      return {
        "listings on the platform (X-Total-Count)": listed,
        "parking report rows": LISTINGS * DAYS,
        "GET /api/marketplace/domains req/s": listings.reqPerSec,
        "GET /api/marketplace/domains p50 ms": listings.p50Ms,
        "GET /api/marketplace/domains p99 ms": listings.p99Ms,
        "GET /api/marketplace/domains first page (60) answer KB": Math.round(Buffer.byteLength(body) / 1024),
        "GET /api/marketplace/domains?sort=visitors-desc req/s": byVisitors.reqPerSec,
        "GET /api/marketplace/domains?sort=visitors-desc p99 ms": byVisitors.p99Ms,
        "GET /api/marketplace/domains non-2xx": listings.non2xx,
        "GET /api/marketplace/messages (1,000 messages) req/s": inbox.reqPerSec,
        "GET /api/marketplace/messages p99 ms": inbox.p99Ms,
        "GET /api/marketplace/messages non-2xx": inbox.non2xx,
      };
    } finally {
      await app.stop();
      await database.drop();
    }
  },
};

export default scenario;
