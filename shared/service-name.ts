/** Words that are written in capitals wherever a service is named. */
const ACRONYMS: Record<string, string> = { api: "API", seo: "SEO", vip: "VIP", roi: "ROI", ai: "AI" };

/**
 * A service type as people read it, the one naming used by checkout, receipts and the payment
 * providers' pages: underscores become spaces, each word starts with a capital, and acronyms stay
 * in capitals ("api_access" → "API Access", "seo_optimization" → "SEO Optimization").
 */
export function serviceTypeName(serviceType: string): string {
  return serviceType
    .split("_")
    .filter(Boolean)
    .map((word) => {
      const lower = word.toLowerCase();
      return ACRONYMS[lower] ?? lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(" ");
}
