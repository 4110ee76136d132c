import { prepareDatabase } from "../db/migrate";
import { openDatabase } from "../db/pool";
import { markSandbox } from "../db/sandbox-mark";
import { parseConfig } from "../lib/config";

/**
 * `npm run db:mark-sandbox` marks the configured database a sandbox, so that
 * `npm run billing:advance` may move its billing clock: once, for a development or test database
 * on a PostgreSQL server (the embedded engine's are marked when made). Never production's: the
 * mark lets anyone with the command line renew, lapse and end its subscriptions at will.
 */
const config = parseConfig();
if (config.isProduction) {
  console.error("A production database is never a sandbox.");
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
await prepareDatabase(database, { isProduction: false });
await markSandbox(database.db, "marked with npm run db:mark-sandbox");
await database.close();
console.log("This database is marked a sandbox: npm run billing:advance may now move its billing clock.");
