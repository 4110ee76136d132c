/** docs/product.md#states: a higher figure climbs in 20 steps, one every 50 ms; a lower one jumps at once. */
export const COUNT_UP_STEPS = 20;
export const COUNT_UP_STEP_MS = 50;

/** The figures shown on the way from `from` to `to`, in cents; a fall is one step. */
export function countUpSteps(fromCents: number, toCents: number, steps = COUNT_UP_STEPS): number[] {
  if (toCents <= fromCents) return [toCents];
  return Array.from({ length: steps }, (_, i) =>
    i === steps - 1 ? toCents : fromCents + Math.round(((toCents - fromCents) * (i + 1)) / steps),
  );
}
