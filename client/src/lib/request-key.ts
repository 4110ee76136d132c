/**
 * A new key for a request the server must act on once however often it arrives (its
 * `Idempotency-Key`): 128 random bits in hex. `crypto.getRandomValues` works on a plain-HTTP
 * address too, where `crypto.randomUUID` does not exist.
 */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
