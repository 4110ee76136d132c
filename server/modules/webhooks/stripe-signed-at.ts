/**
 * How far from `nowSeconds` a Stripe-Signature header was made, in seconds (positive: in the
 * future), or null when it names no time. The SDK takes the header's last `t=` as the signed
 * time, so this reads the same one.
 */
export function stripeSignatureSkew(header: string, nowSeconds: number): number | null {
  const times = header
    .split(",")
    .map((part) => part.trim().split("="))
    .filter(([key, value]) => key === "t" && /^\d{1,12}$/.test(value ?? ""))
    .map(([, value]) => Number(value));
  const signedAt = times.at(-1);
  return signedAt === undefined ? null : signedAt - nowSeconds;
}

/**
 * Stripe's SDK refuses a signature older than the tolerance but not one made in the future: a
 * header captured with a clock set ahead (or forged with a leaked secret for later) would stay
 * valid until that time. The tolerance holds both ways.
 */
export function isWithinTolerance(header: string, nowSeconds: number, toleranceSeconds: number): boolean {
  const skew = stripeSignatureSkew(header, nowSeconds);
  return skew !== null && Math.abs(skew) <= toleranceSeconds;
}
