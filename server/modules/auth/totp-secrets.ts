import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import { twoFactor } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { createSecretBox, type KeyEntry, type SecretBox } from "../../lib/secret-box";
import { StartupError } from "../../lib/startup-error";

/** The keys that encrypt authenticator secrets at rest (`TOTP_ENCRYPTION_KEY`). */
export type TotpKeys = SecretBox;

export const createTotpKeys = (entries: KeyEntry[]): TotpKeys =>
  createSecretBox(entries, "parkpilot totp secret");

type StoredSecret = { userId: string; secret: string; secretKeyId: string | null };

/** A secret as stored: encrypted under the current key, bound to its user. */
export function sealTotpSecret(keys: TotpKeys, userId: string, secret: string) {
  const { sealed, keyId } = keys.seal(secret, userId);
  return { secret: sealed, secretKeyId: keyId };
}

/** The base32 secret of a stored row; a row from before encryption (no key id) holds it in clear. */
export function openTotpSecret(keys: TotpKeys, row: StoredSecret): string {
  return row.secretKeyId === null ? row.secret : keys.open(row.secret, row.secretKeyId, row.userId);
}

/**
 * Encrypts again, under the current key, every secret stored in clear or under another key;
 * each row is rewritten only if it is still what was read (a concurrent enrolment wins).
 * `only: "clear"` does the start's step, sealing the clear ones alone. A row that does not open
 * (altered in the database) is left as it is and named in `unreadable` (its user ids).
 */
export async function resealTotpSecrets(options: {
  db: DbOrTx;
  keys: TotpKeys;
  only?: "clear";
}): Promise<{ resealed: number; unreadable: string[] }> {
  const { db, keys } = options;
  const rows = await db
    .select({ userId: twoFactor.userId, secret: twoFactor.secret, secretKeyId: twoFactor.secretKeyId })
    .from(twoFactor)
    .where(
      options.only === "clear"
        ? isNull(twoFactor.secretKeyId)
        : or(isNull(twoFactor.secretKeyId), ne(twoFactor.secretKeyId, keys.currentId)),
    );
  let resealed = 0;
  const unreadable: string[] = [];
  for (const row of rows) {
    const plain = openOrNull(keys, row);
    if (plain === null) {
      unreadable.push(row.userId);
      continue;
    }
    const [updated] = await db
      .update(twoFactor)
      .set(sealTotpSecret(keys, row.userId, plain))
      .where(
        and(
          eq(twoFactor.userId, row.userId),
          eq(twoFactor.secret, row.secret),
          row.secretKeyId === null
            ? isNull(twoFactor.secretKeyId)
            : eq(twoFactor.secretKeyId, row.secretKeyId),
        ),
      )
      .returning({ userId: twoFactor.userId });
    if (updated) resealed++;
  }
  return { resealed, unreadable };
}

function openOrNull(keys: TotpKeys, row: StoredSecret): string | null {
  try {
    return openTotpSecret(keys, row);
  } catch {
    return null;
  }
}

/**
 * The key ids stored secrets name that this configuration lacks: a key removed before
 * `npm run totp:rotate-key` ran, or SESSION_SECRET changed under the key derived from it.
 */
export async function missingTotpKeys(options: { db: DbOrTx; keys: TotpKeys }): Promise<string[]> {
  const { rows } = await options.db.execute<{ secret_key_id: string }>(
    sql`select distinct secret_key_id from two_factor where secret_key_id is not null order by secret_key_id`,
  );
  return rows.map((r) => r.secret_key_id).filter((id) => !options.keys.has(id));
}

/** How to give a missing key back, for the start's refusal and the rotation command. */
export const missingKeysAdvice = (ids: string[]) =>
  `Authenticator secrets are encrypted under ${ids.map((id) => `"${id}"`).join(", ")}, which TOTP_ENCRYPTION_KEY does not hold.\n` +
  "  Add it back as a later entry (id:secret; a session-… key is derived from an earlier SESSION_SECRET: session-…:<that secret>), then run npm run totp:rotate-key.";

/**
 * The start's step: refuses to start when some stored secrets name a key it does not hold
 * (their users could not sign in, without a word why), then encrypts any still stored in clear.
 */
export async function prepareTotpSecrets(options: {
  db: DbOrTx;
  keys: TotpKeys;
}): Promise<{ sealed: number }> {
  const missing = await missingTotpKeys(options);
  if (missing.length > 0) throw new StartupError(missingKeysAdvice(missing));
  const { resealed } = await resealTotpSecrets({ ...options, only: "clear" });
  return { sealed: resealed };
}
