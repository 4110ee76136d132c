import { and, eq, ne } from "drizzle-orm";
import { connections } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { createSecretBox, type KeyEntry, type SecretBox } from "../../lib/secret-box";

/**
 * The keys that seal services' credentials at rest: the same configured keys as authenticator
 * secrets (`TOTP_ENCRYPTION_KEY`, keyed and rotatable), under a purpose of their own.
 */
export type CredentialKeys = SecretBox;

export const createCredentialKeys = (entries: KeyEntry[]): CredentialKeys =>
  createSecretBox(entries, "parkpilot connection credentials");

/** Sealed under the current key, bound to the connection's id: copied onto another row it does not open. */
export function sealCredentials(
  keys: CredentialKeys,
  connectionId: string,
  credentials: Record<string, string>,
) {
  const { sealed, keyId } = keys.seal(JSON.stringify(credentials), connectionId);
  return { credentials: sealed, credentialsKeyId: keyId };
}

export function openCredentials(
  keys: CredentialKeys,
  row: { id: string; credentials: string; credentialsKeyId: string },
): Record<string, string> {
  return JSON.parse(keys.open(row.credentials, row.credentialsKeyId, row.id)) as Record<string, string>;
}

/** Seals again under the current key every connection sealed under another (`npm run totp:rotate-key` runs it). */
export async function resealCredentials(
  db: DbOrTx,
  keys: CredentialKeys,
): Promise<{ resealed: number; unreadable: string[] }> {
  const rows = await db
    .select({
      id: connections.id,
      credentials: connections.credentials,
      credentialsKeyId: connections.credentialsKeyId,
    })
    .from(connections)
    .where(ne(connections.credentialsKeyId, keys.currentId));
  let resealed = 0;
  const unreadable: string[] = [];
  for (const row of rows) {
    let plain: Record<string, string>;
    try {
      plain = openCredentials(keys, row);
    } catch {
      unreadable.push(row.id);
      continue;
    }
    const updated = await db
      .update(connections)
      .set(sealCredentials(keys, row.id, plain))
      .where(and(eq(connections.id, row.id), eq(connections.credentials, row.credentials)))
      .returning({ id: connections.id });
    resealed += updated.length;
  }
  return { resealed, unreadable };
}
