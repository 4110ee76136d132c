import { parseConfig } from "../config";
import { prepareDatabase } from "./migrate";
import { openDatabase } from "./pool";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from "./seed";

const config = parseConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
await prepareDatabase(database, { isProduction: config.isProduction });
await seedDemo(database.db, { nameserverPool: config.nameserverPool });
await database.close();
console.log(`Demo account ready: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
