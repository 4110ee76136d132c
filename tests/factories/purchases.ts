import { OFFERS, type OfferKey } from "../../shared/catalog";

/** A typical body of every offer, without its price field. */
function bodyWithoutPrice(offerKey: OfferKey, domainId: string): Record<string, unknown> {
  const bodies: Record<OfferKey, Record<string, unknown>> = {
    appraisal: { type: "professional", domainId },
    broker: {
      serviceType: "premium",
      domainId,
      expectedPrice: "25000",
      timeline: "3-6months",
      notes: "Quick sale",
    },
    premiumService: { serviceType: "traffic_boost", domainId },
    proUpgrade: { planId: "pro-monthly" },
    premiumListing: { domainId, listingType: "exclusive", duration: 60 },
    buyerProtection: { domainId, protectionLevel: "premium" },
    financing: { domainId, terms: "36" },
    promotion: { domainId, promotionType: "newsletter", duration: "7" },
    recruitmentIncentive: { goal: 50, duration: 90 },
    trainingCourse: { courseId: "email-marketing" },
    tierUpgrade: { tier: "platinum" },
    marketingTools: { tools: ["email-automation", "split-testing", "creative-assets"] },
    premiumAnalytics: { plan: "business" },
    customReports: {
      reportType: "custom",
      brief: "Which of my names should I sell this year, and at what asking prices?",
    },
    competitiveAnalysis: { competitors: "rival-one.com\n\n  rival-two.com\n   \nrival-three.com" },
    forecasting: { period: "24" },
    accountUpgrade: { plan: "enterprise" },
    securityUpgrade: { features: ["biometric", "audit-logs"], level: "enterprise" },
    supportSubscription: { tier: "vip" },
    apiAccess: { plan: "professional" },
  };
  return bodies[offerKey];
}

/** An offer's body with `price` in its price field (offers without one ignore it). */
export function purchaseBody(offerKey: OfferKey, domainId: string, price: string): Record<string, unknown> {
  const { priceField } = OFFERS[offerKey];
  const body = bodyWithoutPrice(offerKey, domainId);
  return priceField ? { ...body, [priceField]: price } : body;
}
