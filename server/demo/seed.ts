import { sql } from "drizzle-orm";
import { users } from "../../shared/schema";
import type { Db } from "../db/pool";
import type { Tx } from "../db/tx";
import type { NameserverPool } from "../lib/nameserver-pool";
import { hashPassword } from "../modules/auth/password";
import { openBalance } from "../modules/ledger/balance-lock";
import { creditRevenue } from "../modules/revenue/reported-revenue";
import { type DemoContext, demoDays } from "./demo-context";
import { DEMO_REFERRAL_EMAIL_DOMAIN, DEMO_TIME_ZONE } from "./demo-data";
import { createRandom } from "./random";
import { seedGoal, seedMarketplace, seedPaidService, seedPayout } from "./seed-account";
import { seedAffiliates } from "./seed-affiliates";
import { seedDomains, seedParking } from "./seed-domains";
import { holdDemoEarnings } from "./seed-held-funds";
import { seedLeads } from "./seed-leads";
import { seedVisitSources } from "./seed-visit-sources";

export const DEMO_EMAIL = "demo@example.com";
export const DEMO_PASSWORD = "demo-password";
/** The same seed draws the same portfolio: figures differ only by the day the seed runs. */
const DEMO_SEED = 20_260_301;

/**
 * (Re)creates the demo account with a realistic portfolio: about 25 domains over the five
 * networks with 90 days of network reports and parking revenue, leads, a marketplace sale and
 * listings, referred users whose purchases earn commission, a paid service, a payout, a goal
 * and the account's activity. Every revenue event is credited through the ledger in one
 * statement and marked `metadata.automated`. One transaction: a failed seed leaves nothing.
 */
export async function seedDemo(
  db: Db,
  options: { now?: Date; nameserverPool: NameserverPool },
): Promise<void> {
  const now = options.now ?? new Date();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await removeDemo(tx);
    // Its address stays unconfirmed: nobody can prove example.com, and with a published password
    // the demo must never be made staff by ADMIN_EMAILS.
    const [user] = await tx
      .insert(users)
      .values({
        name: "Demo Owner",
        username: "demo",
        email: DEMO_EMAIL,
        passwordHash,
        timeZone: DEMO_TIME_ZONE,
        referralCode: "demo-ref",
        plan: "free",
        // The demo keeps the balance it shows: with automatic payouts on it would be paid out at
        // the first hourly run after a start. Settings → Payout Settings turns them on.
        autoPayout: false,
        createdAt: new Date(now.getTime() - 400 * 86_400_000),
      })
      .returning({ id: users.id });
    await openBalance(tx, user.id);

    const ctx: DemoContext = {
      tx,
      userId: user.id,
      email: DEMO_EMAIL,
      rand: createRandom(DEMO_SEED),
      now,
      days: await demoDays(tx, DEMO_TIME_ZONE, now),
      nameserverPool: options.nameserverPool,
      credits: [],
    };
    const portfolio = await seedDomains(ctx);
    await seedMarketplace(ctx, portfolio);
    const traffic = await seedParking(ctx, portfolio);
    await seedLeads(ctx, portfolio, traffic);
    await seedVisitSources(ctx, traffic);
    await seedAffiliates(ctx);
    await seedPaidService(ctx, portfolio);
    await seedGoal(ctx);
    await creditRevenue(tx, ctx.credits);
    await holdDemoEarnings(ctx);
    await seedPayout(ctx);
  });
}

/**
 * Removes the previous demo account and all it owns (cascades), its leads (which belong to
 * domains, not users) and the referral accounts the seed made, and no one else.
 */
async function removeDemo(tx: Tx): Promise<void> {
  await tx.execute(sql`
    with demo as (select id from users where lower(email) = ${DEMO_EMAIL})
    delete from leads where domain_id in (select d.id from domains d join demo on d.user_id = demo.id)
  `);
  await tx.execute(sql`
    delete from users
    where referred_by in (select id from users where lower(email) = ${DEMO_EMAIL})
      and lower(email) like ${`%@${DEMO_REFERRAL_EMAIL_DOMAIN}`}
  `);
  // The demo's pairs go with it (kept, they would retire a pair per demo name at every seed).
  await tx.execute(sql`
    delete from nameserver_assignments
    where user_id in (select id from users where lower(email) = ${DEMO_EMAIL})
  `);
  await tx.execute(sql`delete from users where lower(email) = ${DEMO_EMAIL}`);
}

/** Seeds the demo account on a database that has no users yet; true when it did. */
export async function seedIfEmpty(db: Db, options: { nameserverPool: NameserverPool }): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;
  await seedDemo(db, options);
  return true;
}
