import { parseConfig } from "../config";
import { setStaff } from "../modules/admin/staff";
import { runMigrations } from "./migrate";
import { openDatabase } from "./pool";

/**
 * `npm run admin:grant -- someone@example.com` makes an account staff (the operator console at
 * /admin, once signed in with a second factor); `npm run admin:revoke -- <email>` (or `--revoke`)
 * makes it an ordinary user again. Only from the command line.
 */
const args = process.argv.slice(2);
const revoke = args.includes("--revoke");
const email = args.find((a) => !a.startsWith("--"));
if (!email) {
  console.error("Usage: npm run admin:grant -- <email>   |   npm run admin:revoke -- <email>");
  process.exit(1);
}
const config = parseConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
await runMigrations(database.pool);
const updated = await setStaff(database.db, email, !revoke);
await database.close();
if (!updated) {
  console.error(`No account uses ${email}.`);
  process.exit(1);
}
console.log(`${updated} is ${revoke ? "no longer staff" : "now staff"}.`);
