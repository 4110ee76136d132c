import { sql } from "drizzle-orm";
import { moveBillingClock } from "../db/billing-clock";
import { prepareDatabase } from "../db/migrate";
import { openDatabase } from "../db/pool";
import { isSandboxDatabase } from "../db/sandbox-mark";
import { parseConfig } from "../lib/config";
import { createLogger } from "../lib/logger";
import { createMailer } from "../mail/mailer";
import { sweepSubscriptions } from "../modules/billing/sweep-subscriptions";
import { paidContext } from "../order-effects/order-effects";

/**
 * `npm run billing:advance -- 30` moves the sandbox's billing clock 30 days ahead and runs the
 * billing as the job would: sandbox subscriptions renew, past-due ones lapse after their grace.
 * `--fail <email>` makes that account's sandbox renewals fail from now on, `--pay <email>` makes
 * them succeed again. Development and test only: the clock is test time, so the database itself
 * must say it is a sandbox (see `database_marks`); an unset NODE_ENV proves nothing about it.
 */
const args = process.argv.slice(2);
const flag = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const days = Number(args.find((a) => /^\d+(\.\d+)?$/.test(a)) ?? "0");
const config = parseConfig();
if (config.isProduction) {
  console.error("The billing clock moves only in development and test.");
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
await prepareDatabase(database, { isProduction: config.isProduction });
if (!(await isSandboxDatabase(database.db))) {
  await database.close();
  console.error(
    "This database is not marked a sandbox, so its billing clock stays put. An embedded database " +
      "is marked when a development start makes it; for an older one, or a development or test " +
      "database on a PostgreSQL server, run `npm run db:mark-sandbox` once (never on production's).",
  );
  process.exit(1);
}
const logger = createLogger("warn");
const mailer = createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
for (const [option, fail] of [
  ["--fail", true],
  ["--pay", false],
] as const) {
  const email = flag(option);
  if (!email) continue;
  await database.db.execute(sql`
    update subscriptions set fail_renewals = ${fail}
    where provider = 'sandbox' and user_id in (select id from users where lower(email) = ${email.toLowerCase()})
  `);
  console.log(`Sandbox renewals of ${email} will ${fail ? "fail" : "succeed"}.`);
}
const now = await moveBillingClock(database.db, days * 86_400);
const result = await sweepSubscriptions({
  db: database.db,
  mailer,
  appUrl: config.appUrl,
  paid: paidContext(config.COMMISSION_HOLD_DAYS),
  now,
});
await database.close();
console.log(
  `Billing clock: ${now.toISOString()}; ${result.checked} subscriptions moved on, ${result.renewals} renewals paid.`,
);
