/**
 * Shares `totalCents` among recruiters in proportion to their recruits, in whole cents that add
 * up to the total: each gets the floor of their share, and the cents left go one each to the
 * largest remainders (ties to the earlier recruiter in the list).
 */
export function splitBonus(totalCents: number, counts: { recruiterId: string; recruits: number }[]) {
  const all = counts.reduce((sum, c) => sum + c.recruits, 0);
  if (all === 0) return [];
  const shares = counts.map((c, index) => {
    const exact = (totalCents * c.recruits) / all;
    return { ...c, index, cents: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = totalCents - shares.reduce((sum, s) => sum + s.cents, 0);
  for (const s of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left <= 0) break;
    s.cents += 1;
    left -= 1;
  }
  return shares.map(({ recruiterId, recruits, cents }) => ({ recruiterId, recruits, cents }));
}
