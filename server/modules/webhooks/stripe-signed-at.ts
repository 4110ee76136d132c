/** One entry of a Stripe-Signature header as Stripe writes it: `t=1800000000`, `v1=<hex>`. */
const ENTRY = /^([a-z][a-z0-9]*)=([0-9A-Za-z]+)$/;
/** A Unix time in seconds as Stripe writes it: digits, no sign, no leading zero. */
const SECONDS = /^[1-9][0-9]{0,11}$/;

/**
 * The time a Stripe-Signature header says it was signed at, or null for a header that is not in
 * Stripe's one shape: comma-separated `key=value` entries with nothing around them and exactly one
 * `t=` of plain digits. The SDK reads the last `t=` with `parseInt` (so `t=1800003600x` and
 * `t=0001800003600` are times to it) and skips an entry with a space before its key, where a
 * lenient reader would not: any header the two could read differently is refused, so the time
 * checked here is always the time the SDK verified the signature with (docs/security.md#money-that-must-not-move).
 */
export function stripeSignedAt(header: string): number | null {
  let signedAt: number | null = null;
  for (const entry of header.split(",")) {
    const match = ENTRY.exec(entry);
    if (!match) return null;
    if (match[1] !== "t") continue;
    if (signedAt !== null || !SECONDS.test(match[2])) return null;
    signedAt = Number(match[2]);
  }
  return signedAt;
}

/**
 * Stripe's SDK refuses a signature older than the tolerance but not one made in the future: a
 * header captured with a clock set ahead (or forged with a leaked secret for later) would stay
 * valid until that time. The tolerance holds both ways, on the one reading of the header.
 */
export function isWithinTolerance(header: string, nowSeconds: number, toleranceSeconds: number): boolean {
  const signedAt = stripeSignedAt(header);
  return signedAt !== null && Math.abs(signedAt - nowSeconds) <= toleranceSeconds;
}
