import type { APPRAISAL_TYPES, PREMIUM_SERVICES, SALE_TIMELINES } from "../../../shared/prices";
import type { ServiceOrder } from "../../../shared/schema";

type OptionId<T extends readonly { id: string }[]> = T[number]["id"];

const HOUR = 60 * 60 * 1000;

/** An appraisal is due within its tier's turnaround (shared/prices.ts: 24h, 48h, 72h, 1 week). */
const APPRAISAL_HOURS: Record<OptionId<typeof APPRAISAL_TYPES>, number> = {
  basic: 24,
  professional: 48,
  premium: 72,
  enterprise: 7 * 24,
};

/**
 * A broker engagement is due at the end of the sale timeline the owner chose; "12+ months" has no
 * end, so the broker reports back at 18 months, when the owner and broker decide whether to go on.
 */
const BROKER_MONTHS: Record<OptionId<typeof SALE_TIMELINES>, number> = {
  "1-3months": 3,
  "3-6months": 6,
  "6-12months": 12,
  "12+months": 18,
};

/**
 * The catalogue names no turnaround for premium services, so these are the team's commitments:
 * an SEO audit and fixes in two weeks, a brand package in three, and the two campaigns (backlinks,
 * traffic), which run for a month, at their end.
 */
const PREMIUM_SERVICE_DAYS: Record<OptionId<typeof PREMIUM_SERVICES>, number> = {
  seo_optimization: 14,
  brand_development: 21,
  backlink_building: 30,
  traffic_boost: 30,
};

/** The offers whose paid orders people deliver, each a work order in the console's queue (docs/money.md#what-each-purchase-delivers). */
export const WORK_ORDER_OFFERS = ["appraisal", "broker", "premiumService", "customReports"] as const;

/** A custom-tier report's analyst notes are due within five working days' worth of a week. */
export const CUSTOM_REPORT_NOTES_DAYS = 7;

const requestOf = (order: ServiceOrder) => (order.metadata.request ?? {}) as Record<string, unknown>;

function lookup<K extends string>(table: Record<K, number>, key: unknown): number | undefined {
  return typeof key === "string" && Object.hasOwn(table, key) ? table[key as K] : undefined;
}

/**
 * When a work order for `order`, paid at `paidAt`, is due, or null for an order no one delivers.
 * The option comes from the order's saved request, which the catalogue checked when it was placed.
 */
export function workOrderDueAt(order: ServiceOrder, paidAt: Date): Date | null {
  const request = requestOf(order);
  if (order.offerId === "appraisal") {
    // Basic, professional and premium are computed at once (docs/appraisals.md); only an
    // enterprise appraisal adds an analyst's review, which people deliver.
    if (request.type !== "enterprise") return null;
    const hours = lookup(APPRAISAL_HOURS, request.type);
    return hours === undefined ? null : new Date(paidAt.getTime() + hours * HOUR);
  }
  if (order.offerId === "broker") {
    const months = lookup(BROKER_MONTHS, request.timeline);
    if (months === undefined) return null;
    const due = new Date(paidAt);
    due.setUTCMonth(due.getUTCMonth() + months);
    return due;
  }
  if (order.offerId === "customReports") {
    // Only the custom tier has an analyst's notes; the other tiers are built at once.
    if (request.reportType !== "custom") return null;
    return new Date(paidAt.getTime() + CUSTOM_REPORT_NOTES_DAYS * 24 * HOUR);
  }
  if (order.offerId === "premiumService") {
    const days = lookup(PREMIUM_SERVICE_DAYS, request.serviceType);
    return days === undefined ? null : new Date(paidAt.getTime() + days * 24 * HOUR);
  }
  return null;
}
