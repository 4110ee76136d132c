import type { TDashboardAnswer } from "@shared/api/revenue";
import { REVENUE_SUGGESTIONS } from "@shared/catalog";
import { toCents } from "@shared/money";

export type SuggestionId = keyof typeof REVENUE_SUGGESTIONS;

export interface Suggestion {
  id: SuggestionId;
  title: string;
  reason: string;
  /** What the suggested step costs, from the catalogue. */
  price: string;
  /** Where the step is taken. */
  href: string;
  action: string;
}

/** Below `limit` dollars; a negative figure (a correction) is below any limit. */
const below = (amount: string, limit: string) => amount.startsWith("-") || toCents(amount) < toCents(limit);

/**
 * Quick Revenue Actions, from this month's figures, exactly as the product defines them: an
 * ad-network upgrade when parking earned under $50, a premium listing when more than 5 domains
 * are active but the marketplace earned under $100, a recruiting bonus when affiliates earned
 * under $200. A new account (a pending domain, nothing earned yet) sees the first and the last:
 * those are the steps that start the money coming in.
 */
export function revenueSuggestions(dashboard: TDashboardAnswer): Suggestion[] {
  const { revenue, metrics } = dashboard;
  const rules = REVENUE_SUGGESTIONS;
  const suggestions: Suggestion[] = [];
  if (below(revenue.parking, rules.adNetworkUpgrade.whenParkingRevenueBelow)) {
    suggestions.push({
      id: "adNetworkUpgrade",
      title: "Upgrade your ad network",
      reason: "Parking earned under $50 this month. A premium network or template pays more per click.",
      price: rules.adNetworkUpgrade.price,
      href: "/domains",
      action: "Review Networks",
    });
  }
  if (
    metrics.activeDomains > rules.premiumListing.whenActiveDomainsAbove &&
    below(revenue.marketplace, rules.premiumListing.whenMarketplaceRevenueBelow)
  ) {
    suggestions.push({
      id: "premiumListing",
      title: "Feature domains on the marketplace",
      reason: `${metrics.activeDomains} active domains, but marketplace sales are under $100 this month.`,
      price: rules.premiumListing.price,
      href: "/marketplace",
      action: "Promote Listings",
    });
  }
  if (below(revenue.affiliate, rules.recruitingBonus.whenAffiliateEarningsBelow)) {
    suggestions.push({
      id: "recruitingBonus",
      title: "Recruit more affiliates",
      reason: "Affiliate commissions are under $200 this month. A recruiting bonus brings in partners.",
      price: rules.recruitingBonus.price,
      href: "/affiliates",
      action: "Grow Network",
    });
  }
  return suggestions;
}
