import { prepareDatabase } from "../db/migrate";
import { openDatabase } from "../db/pool";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from "../demo/seed";
import { parseConfig } from "../lib/config";

const config = parseConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
await prepareDatabase(database, { isProduction: config.isProduction });
await seedDemo(database.db, { nameserverPool: config.nameserverPool });
await database.close();
console.log(`Demo account ready: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
