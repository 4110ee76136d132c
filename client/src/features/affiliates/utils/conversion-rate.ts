/** Active referrals as a rounded percent of all referrals; 0 when there are none (spec §2). */
export function conversionPercent(active: number, total: number): number {
  return total > 0 ? Math.round((active / total) * 100) : 0;
}
