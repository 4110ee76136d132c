import { drizzle } from "drizzle-orm/node-postgres";
import { sendExpiryWarnings } from "../../server/jobs/expiry-warnings";
import { createLogger } from "../../server/lib/logger";
import { createMailer } from "../../server/mail/mailer";
import * as schema from "../../shared/schema";
import type { Scenario } from "../lib/context";

const OWNER_DOMAINS = 200;
const DAYS = 90;
const OTHER_OWNERS = 100;
const OTHER_DOMAINS_EACH = 20;
const EXPIRY_OWNERS = 2_000;
const EXPIRY_DOMAINS_EACH = 5;

/**
 * Analytics of a large portfolio (200 domains, 90 days of parking and lead revenue, traffic and
 * reports) among 2,000 other domains' history: each range as the page loads it, and the CSV
 * export. Then the daily expiry-warnings run over 10,000 domains with expiry dates.
 */
const scenario: Scenario = {
  name: "analytics",
  async run(ctx) {
    const { app, pool, close } = await ctx.appOnFreshDatabase({ pool: { max: 4 } });
    try {
      const owner = await ctx.signUp(app.baseUrl);
      // 30 and 90 days of history are the Pro analytics plan's, granted as its paid order grants it.
      await pool.query(
        `insert into entitlements (user_id, feature, source, starts_at)
         values ($1, 'premium-analytics:pro', 'order', now() - interval '1 minute')`,
        [owner.userId],
      );
      await pool.query(
        `insert into users (name, username, email, password_hash, referral_code, time_zone)
         select 'Owner ' || i, 'owner_' || i, 'owner_' || i || '@example.com', 'x', 'ref_' || i, 'Europe/Berlin'
         from generate_series(1, $1::int) i`,
        [OTHER_OWNERS + EXPIRY_OWNERS],
      );
      await pool.query(
        `insert into domains (user_id, name) select $1, 'portfolio-' || i || '.com' from generate_series(1, $2::int) i`,
        [owner.userId, OWNER_DOMAINS],
      );
      await pool.query(
        `insert into domains (user_id, name)
         select u.id, u.username || '-site-' || i || '.net'
         from users u, generate_series(1, $1::int) i
         where u.username like 'owner\\_%' and substring(u.username from 7)::int <= $2`,
        [OTHER_DOMAINS_EACH, OTHER_OWNERS],
      );
      const seeded = await pool.query(
        `insert into revenue_events (user_id, domain_id, type, amount, description, source_key, occurred_at)
         select d.user_id, d.id, 'parking', ((g * 7 + length(d.name)) % 2000 / 100.0)::numeric(12,2),
           'Parking revenue', 'bench:' || d.id || ':' || g, current_date - g + interval '12 hours'
         from domains d, generate_series(0, $1::int - 1) g`,
        [DAYS],
      );
      const leads = await pool.query(
        `insert into revenue_events (user_id, domain_id, type, amount, description, source_key, occurred_at)
         select d.user_id, d.id, 'lead', 75.00, 'Lead', 'bench-lead:' || d.id || ':' || g,
           current_date - g + interval '15 hours'
         from domains d, generate_series(0, $1::int - 1) g
         where d.user_id = $2 and (g + length(d.name)) % 5 = 0`,
        [DAYS, owner.userId],
      );
      await pool.query(
        `insert into domain_traffic (domain_id, user_id, day, visits, leads)
         select d.id, d.user_id, current_date - g, 40 + g % 13, (g + length(d.name)) % 5 / 4
         from domains d, generate_series(0, $1::int - 1) g`,
        [DAYS],
      );
      await pool.query(
        `insert into parking_reports (user_id, domain_id, network, day, visitors, clicks, revenue)
         select d.user_id, d.id, 'sedo', current_date - g, 100 + g, 3, 1.00
         from domains d, generate_series(0, $1::int - 1) g`,
        [DAYS],
      );
      await pool.query("analyze");

      const figures: Record<string, number | string | boolean> = {
        "revenue events on the platform": (seeded.rowCount ?? 0) + (leads.rowCount ?? 0),
        "owner's domains": OWNER_DOMAINS,
      };
      for (const range of ["7d", "30d", "90d"]) {
        const url = `${app.baseUrl}/api/analytics?range=${range}`;
        const first = await fetch(url, { headers: { cookie: owner.cookie } });
        if (first.status !== 200) throw new Error(`${range}: ${first.status} ${await first.text()}`);
        const body = (await first.json()) as { days: unknown[] };
        if (body.days.length !== Number.parseInt(range, 10))
          throw new Error(`${range}: ${body.days.length} days`);
        const load = await ctx.load({
          url,
          headers: { cookie: owner.cookie },
          connections: 8,
          durationSeconds: 5,
        });
        figures[`GET /api/analytics?range=${range} req/s`] = load.reqPerSec;
        figures[`GET /api/analytics?range=${range} p50 ms`] = load.p50Ms;
        figures[`GET /api/analytics?range=${range} p99 ms`] = load.p99Ms;
        figures[`GET /api/analytics?range=${range} non-2xx`] = load.non2xx;
      }
      const exportLoad = await ctx.load({
        url: `${app.baseUrl}/api/analytics/export?range=90d`,
        headers: { cookie: owner.cookie },
        connections: 8,
        durationSeconds: 5,
      });
      figures["GET /api/analytics/export?range=90d req/s"] = exportLoad.reqPerSec;
      figures["GET /api/analytics/export?range=90d p99 ms"] = exportLoad.p99Ms;

      // Expiry warnings: 10,000 domains expiring over the next 60 days, owners in their own zone.
      await pool.query(
        `insert into domains (user_id, name, expiry_date)
         select u.id, u.username || '-exp-' || i || '.org', now() + ((substring(u.username from 7)::int * 5 + i) % 60) * interval '1 day' + interval '3 hours'
         from users u, generate_series(1, $1::int) i
         where u.username like 'owner\\_%' and substring(u.username from 7)::int > $2`,
        [EXPIRY_DOMAINS_EACH, OTHER_OWNERS],
      );
      await pool.query("analyze");
      const db = drizzle(pool, { schema });
      const mailer = createMailer({ db, from: "bench@parkpilot.local", logger: createLogger("silent") });
      const now = new Date();
      let started = performance.now();
      const firstRun = await sendExpiryWarnings({ db, mailer, now });
      figures["expiry run: domains with a date"] = EXPIRY_OWNERS * EXPIRY_DOMAINS_EACH;
      figures["expiry run: warnings sent"] = firstRun.notices;
      figures["expiry run: mails"] = firstRun.mails;
      figures["expiry run: first run ms"] = Math.round(performance.now() - started);
      started = performance.now();
      const rerun = await sendExpiryWarnings({ db, mailer, now });
      figures["expiry run: same-day rerun ms"] = Math.round(performance.now() - started);
      figures["expiry run: same-day rerun mails"] = rerun.mails;
      return figures;
    } finally {
      await close();
    }
  },
};

export default scenario;
