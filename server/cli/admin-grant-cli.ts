import { runMigrations } from "../db/migrate";
import { openDatabase } from "../db/pool";
import { parseConfig } from "../lib/config";
import { createLogger } from "../lib/logger";
import { createMailer } from "../mail/mailer";
import { grantStaffByEmail, revokeStaff } from "../modules/auth/staff";

/**
 * `npm run admin:grant -- someone@example.com` makes an account staff (the operator console at
 * /admin, once signed in with a second factor); `npm run admin:revoke -- <email>` (or `--revoke`)
 * makes it an ordinary user again. Only from the command line. A grant is audited and mailed to
 * the other staff; an address its owner has not confirmed needs `--unconfirmed`.
 */
const args = process.argv.slice(2);
const revoke = args.includes("--revoke");
const allowUnconfirmed = args.includes("--unconfirmed");
const email = args.find((a) => !a.startsWith("--"));
if (!email) {
  console.error(
    "Usage: npm run admin:grant -- <email> [--unconfirmed]   |   npm run admin:revoke -- <email>",
  );
  process.exit(1);
}
const config = parseConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
await runMigrations(database.pool);
// The mail to the other staff is written to the outbox here; with SMTP_URL set, the running server
// is not what delivers it, so it is sent before this command ends.
const mailer = createMailer({
  db: database.db,
  smtpUrl: config.SMTP_URL,
  from: config.MAIL_FROM,
  logger: createLogger("warn"),
});
let problem: string | undefined;
let done: string;
if (revoke) {
  const revoked = await revokeStaff(database.db, email);
  problem = revoked ? undefined : `No account uses ${email}.`;
  done = `${revoked} is no longer staff.`;
} else {
  const granted = await grantStaffByEmail({ db: database.db, mailer, email, allowUnconfirmed });
  problem = granted.done
    ? undefined
    : granted.reason === "no account"
      ? `No account uses ${email}.`
      : `${email} has not confirmed its address (Settings mails a link). If you know this account is the right one, add --unconfirmed.`;
  done = granted.done ? `${granted.email} is now staff; the other staff were emailed.` : "";
}
await mailer.flush();
await database.close();
if (problem) {
  console.error(problem);
  process.exit(1);
}
console.log(done);
