/**
 * The two kinds of money (docs/money.md). Reported revenue is what the owner's domains earned
 * elsewhere and the owner told us about (ad-network reports, sales closed elsewhere, demo data): it
 * is shown, marked "reported", and never part of the balance. Leads and affiliate commission are
 * funds the platform itself received and holds for the owner.
 */
export const REPORTED_REVENUE_TYPES = ["parking", "marketplace", "other"] as const;

/** True for a revenue type whose amounts the owner reported (shown, never paid out). */
export function isReportedRevenue(type: string): boolean {
  return (REPORTED_REVENUE_TYPES as readonly string[]).includes(type);
}

/** The explanation beside every "reported" mark. */
export const REPORTED_REVENUE_HINT =
  "Reported by your ad network or by you: counted in your figures, paid to you elsewhere, never part of your balance.";
