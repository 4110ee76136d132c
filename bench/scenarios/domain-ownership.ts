import { drizzle } from "drizzle-orm/node-postgres";
import { checkDomainOwnership, PENDING_CHECK_MINUTES } from "../../server/jobs/check-domain-ownership";
import { createLogger } from "../../server/lib/logger";
import { createNameserverPool } from "../../server/lib/nameserver-pool";
import { createMailer } from "../../server/mail/mailer";
import { createOwnershipChecker } from "../../server/modules/domains/check-ownership";
import { verificationTxtValue } from "../../shared/api/domains";
import * as schema from "../../shared/schema";
import { startDnsServer } from "../../tests/setup/dns-server";
import { benchPool, type Scenario } from "../lib/context";

const DOMAINS = 10_000;
/** One domain in this many has published its record by the first run; another one in this many is held by a second account. */
const PUBLISHED_EVERY = 10;

const seconds = (ms: number) => Math.round(ms / 10) / 100;

/**
 * The ownership job over 10,000 pending domains against a DNS server on loopback (the same
 * package the tests use), on the PostgreSQL server: the first run (every domain looked up, one in
 * ten verified, which releases a second account's unverified copy and mails it) and a run a few
 * minutes later (the 9,000 still pending looked up again). Seconds per run.
 */
const scenario: Scenario = {
  name: "domain-ownership",
  async run(ctx) {
    const database = await ctx.freshDatabase();
    // Ended before the database is dropped, so no idle connection is terminated under it.
    const pool = benchPool({ connectionString: database.url, max: 4 });
    const dns = await startDnsServer();
    try {
      const { rows: owners } = await pool.query<{ id: string }>(
        `insert into users (name, username, email, password_hash, referral_code)
         select 'Owner ' || i, 'owner_' || i, 'owner' || i || '@example.com', 'x', 'ref_' || i from generate_series(1, 2) i
         returning id`,
      );
      const { rows: domains } = await pool.query<{ name: string; verification_token: string }>(
        `insert into domains (user_id, name, status, verification_nameservers)
         select $1, 'ownership-' || i || '.com', 'pending', array['ns3.parkpilot.test', 'ns4.parkpilot.test']
         from generate_series(1, $2::int) i
         returning name, verification_token`,
        [owners[0].id, DOMAINS],
      );
      // Each copy has its account's nameserver pair, so every check looks up TXT and NS as in production.
      // A second account holds the names that will be verified, unverified: the run releases them.
      await pool.query(
        `insert into domains (user_id, name, status, verification_nameservers)
         select $1, 'ownership-' || i || '.com', 'pending', array['ns5.parkpilot.test', 'ns6.parkpilot.test']
         from generate_series(1, $2::int) i where i % $3 = 0`,
        [owners[1].id, DOMAINS, PUBLISHED_EVERY],
      );
      domains.forEach((d, i) => {
        if ((i + 1) % PUBLISHED_EVERY === 0)
          dns.publishTxt(d.name, verificationTxtValue(d.verification_token));
      });
      await pool.query("analyze");

      const db = drizzle(pool, { schema });
      const mailer = createMailer({ db, from: "bench@parkpilot.local", logger: createLogger("silent") });
      const nameserverPool = createNameserverPool({
        hosts: Array.from({ length: 16 }, (_, i) => `ns${i + 1}.parkpilot.test`),
        legacy: [],
      });
      const checker = createOwnershipChecker({ servers: [dns.address], pool: nameserverPool });
      const job = { db, mailer, checker, appUrl: "https://parkpilot.test" };
      const now = new Date();

      let started = performance.now();
      const first = await checkDomainOwnership({ ...job, now });
      const firstMs = performance.now() - started;
      started = performance.now();
      const later = await checkDomainOwnership({
        ...job,
        now: new Date(now.getTime() + PENDING_CHECK_MINUTES * 60_000),
      });
      const laterMs = performance.now() - started;
      const { rows: released } = await pool.query<{ n: number }>(
        "select count(*)::int as n from domains where user_id = $1",
        [owners[1].id],
      );
      return {
        "pending domains": DOMAINS,
        "first run s": seconds(firstMs),
        "first run: checked": first.checked,
        "first run: verified": first.verified,
        "second account's copies left": released[0].n,
        "run 5 minutes later s": seconds(laterMs),
        "run 5 minutes later: checked": later.checked,
        "DNS questions answered": dns.queries,
      };
    } finally {
      await pool.end();
      await dns.close();
      await database.drop();
    }
  },
};

export default scenario;
