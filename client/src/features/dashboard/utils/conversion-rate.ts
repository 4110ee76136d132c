/** Spec §2: active over total referrals as a rounded percent; 0 without referrals. */
export function conversionRate(active: number, total: number): number {
  return total === 0 ? 0 : Math.round((active / total) * 100);
}
