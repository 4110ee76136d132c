import { createHash, randomBytes } from "node:crypto";
import { API_KEY_PREFIXES } from "../../../shared/api/api-keys";

/** 32 random bytes: 256 bits, as base64url (43 characters). */
const SECRET_BYTES = 32;
const KEY_FORMAT = /^pp_(live|test)_[A-Za-z0-9_-]{43}$/;

/** The key as stored: only its SHA-256 (a random 256-bit secret needs no slow hash). */
export const hashApiKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** A new key: its whole text (shown once), and what is kept of it. */
export function newApiKey(mode: "live" | "test") {
  const prefix = API_KEY_PREFIXES[mode];
  const key = prefix + randomBytes(SECRET_BYTES).toString("base64url");
  return { key, prefix, last4: key.slice(-4), hash: hashApiKey(key) };
}

/** True when the text can be a key at all, so that noise never reaches the database. */
export const looksLikeApiKey = (text: string) => KEY_FORMAT.test(text);
