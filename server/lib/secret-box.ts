import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** One configured key: its id (stored beside what it sealed) and the secret it is derived from. */
export interface KeyEntry {
  id: string;
  secret: string;
}

/**
 * AES-256-GCM under a set of named keys: the first seals, every one opens (so a key can be
 * rotated: the new one first, the old one kept until everything is sealed again). Each value is
 * bound to its owner (`context`, e.g. the user id): a sealed value copied onto another row does
 * not open there.
 */
export interface SecretBox {
  /** The id of the key that seals. */
  currentId: string;
  has(id: string): boolean;
  seal(plain: string, context: string): { sealed: string; keyId: string };
  /** The plain value; throws when the key is unknown or the value (or its context) was altered. */
  open(sealed: string, keyId: string, context: string): string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A 32-byte key from any long secret (HKDF-SHA256): the configured text need not be raw key bytes. */
const deriveKey = (secret: string, purpose: string) =>
  Buffer.from(hkdfSync("sha256", secret, purpose, "aes-256-gcm key", 32));

export function createSecretBox(entries: KeyEntry[], purpose: string): SecretBox {
  if (entries.length === 0) throw new Error("a secret box needs a key");
  const keys = new Map(entries.map((e) => [e.id, deriveKey(e.secret, purpose)]));
  const keyOf = (id: string) => {
    const key = keys.get(id);
    if (!key) throw new Error(`no key with the id "${id}" is configured`);
    return key;
  };
  return {
    currentId: entries[0].id,
    has: (id) => keys.has(id),
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", keyOf(entries[0].id), iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const sealed = Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
      return { sealed, keyId: entries[0].id };
    },
    open(sealed, keyId, context) {
      const bytes = Buffer.from(sealed, "base64url");
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error("the sealed value is too short");
      const decipher = createDecipheriv("aes-256-gcm", keyOf(keyId), bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString("utf8");
    },
  };
}
