import { prepareDatabase } from "../db/migrate";
import { openDatabase } from "../db/pool";
import { parseConfig } from "../lib/config";
import {
  createTotpKeys,
  missingKeysAdvice,
  missingTotpKeys,
  resealTotpSecrets,
} from "../modules/auth/totp-secrets";
import { createCredentialKeys, resealCredentials } from "../modules/connections/credentials";

/**
 * `npm run totp:rotate-key` encrypts every authenticator secret again under the first key of
 * `TOTP_ENCRYPTION_KEY` (secrets stored in clear too). Put the new key first and keep the old
 * one after it until this has run; then the old one can go. Exit 1 when some secret stays
 * where it was (its key is missing, or its row was altered).
 */
const config = parseConfig();
const keys = createTotpKeys(config.totpKeys);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
await prepareDatabase(database, { isProduction: config.isProduction });
const missing = await missingTotpKeys({ db: database.db, keys });
const { resealed, unreadable } = await resealTotpSecrets({ db: database.db, keys });
// Registrars' and parking networks' credentials are sealed under the same keys.
const connections = await resealCredentials(database.db, createCredentialKeys(config.totpKeys));
await database.close();
console.log(`${resealed} authenticator secrets are now encrypted under key "${keys.currentId}".`);
console.log(
  `${connections.resealed} connections' credentials are now encrypted under key "${keys.currentId}".`,
);
if (connections.unreadable.length > 0) {
  console.error(
    `${connections.unreadable.length} connections' credentials did not open: ${connections.unreadable.join(", ")}`,
  );
}
if (missing.length > 0) console.error(missingKeysAdvice(missing));
else if (unreadable.length > 0) {
  console.error(
    `${unreadable.length} secrets did not open (altered rows?), left as they were; users: ${unreadable.join(", ")}`,
  );
}
if (missing.length > 0 || unreadable.length > 0 || connections.unreadable.length > 0) process.exit(1);
