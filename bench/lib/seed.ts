import type pg from "pg";

/**
 * Seeds the marketplace: `sellers` accounts with `listings` listed domains among them, the i-th
 * named 'listing-<i>' with one of four suffixes and listed i minutes ago, and `days` days of
 * parking reports for every domain in the database.
 */
export async function seedMarketplaceListings(
  pool: pg.Pool,
  options: { sellers: number; listings: number; days: number },
): Promise<void> {
  await pool.query(
    `insert into users (name, username, email, password_hash, referral_code)
     select 'Seller ' || i, 'seller_' || i, 'seller_' || i || '@example.com', 'x', 'ref_' || i
     from generate_series(1, $1::int) i`,
    [options.sellers],
  );
  await pool.query(
    // Listed domains are verified: a listing shows only while its owner's ownership is proven.
    `insert into domains (user_id, name, marketplace_price, listed_at, registration_date, status, verified_at, verified_by)
     select u.id, 'listing-' || i || (array['.com', '.io', '.net', '.co.uk'])[1 + i % 4],
       (100 + (i * 37) % 50000)::numeric(12,2), now() - i * interval '1 minute',
       now() - (i % 3000) * interval '1 day', 'active', now(), 'txt'
     from generate_series(1, $1::int) i
     join lateral (select id from users where username = 'seller_' || (1 + i % $2::int)) u on true`,
    [options.listings, options.sellers],
  );
  await pool.query(
    `insert into parking_reports (user_id, domain_id, network, day, visitors, clicks, revenue)
     select d.user_id, d.id, 'sedo', current_date - g, 20 + g, 1, ((g * 13) % 900 / 100.0)::numeric(12,2)
     from domains d, generate_series(0, $1::int - 1) g`,
    [options.days],
  );
}

/** `days` days of Sedo parking reports, up to yesterday, for every domain of the user. */
export async function seedOwnerParkingReports(pool: pg.Pool, userId: string, days: number): Promise<void> {
  await pool.query(
    `insert into parking_reports (user_id, domain_id, network, day, visitors, clicks, revenue)
     select d.user_id, d.id, 'sedo', current_date - g, 20 + g % 50, g % 4, ((g * 13) % 900 / 100.0)::numeric(12,2)
     from domains d, generate_series(1, $1::int) g where d.user_id = $2`,
    [days, userId],
  );
}
