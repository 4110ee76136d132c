import { eq, sql } from "drizzle-orm";
import { users } from "../../shared/schema";
import { parseConfig } from "../config";
import { runMigrations } from "./migrate";
import { openDatabase } from "./pool";

/**
 * `npm run staff:grant -- someone@example.com` makes an account staff (it then reads every
 * account's audit log); `--revoke` makes it an ordinary user again. Only from the command line.
 */
const args = process.argv.slice(2);
const revoke = args.includes("--revoke");
const email = args.find((a) => !a.startsWith("--"));
if (!email) {
  console.error("Usage: npm run staff:grant -- <email> [--revoke]");
  process.exit(1);
}
const config = parseConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
await runMigrations(database.pool);
const updated = await database.db
  .update(users)
  .set({ role: revoke ? "user" : "staff" })
  .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  .returning({ email: users.email });
await database.close();
if (updated.length === 0) {
  console.error(`No account uses ${email}.`);
  process.exit(1);
}
console.log(`${updated[0].email} is ${revoke ? "no longer staff" : "now staff"}.`);
