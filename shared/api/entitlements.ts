import { z } from "zod";

/** `GET /api/entitlements`: what the signed-in user may use now (docs/money.md#subscriptions-and-entitlements). */
export const ENTITLEMENTS_PATH = "/api/entitlements";

/** One thing the user may use: a feature key, its limit, until when, granted by what. */
export const ZEntitlement = z.object({
  feature: z.string(),
  /** A quantity the feature allows (API calls a month), or null. */
  limit: z.number().nullable(),
  /** ISO time it ends, or null for ever. */
  endsAt: z.string().nullable(),
  /** "order" (a one-off purchase) or "subscription". */
  source: z.string(),
  /** "active", or "grace" while a failed renewal is retried. */
  status: z.string(),
  domainId: z.string().nullable().optional(),
});
export type TEntitlement = z.infer<typeof ZEntitlement>;
export const ZEntitlements = z.array(ZEntitlement);
