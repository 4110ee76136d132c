/**
 * Support tiers and their response targets (docs/money.md#what-each-purchase-delivers): how soon staff answer a ticket, by the
 * support subscription the user holds. Client and server read this one table.
 */
import { SUPPORT_TIERS } from "./prices";

/** The tier of a user with no support subscription. */
export const STANDARD_SUPPORT = "standard";

/** Every tier, most urgent first: the staff queue's order. */
export const SUPPORT_TARGETS = [
  { tier: "white-glove", label: "White Glove", hours: 1 },
  { tier: "vip", label: "VIP", hours: 4 },
  { tier: "premium", label: "Premium", hours: 8 },
  { tier: "priority", label: "Priority", hours: 24 },
  { tier: STANDARD_SUPPORT, label: "Standard", hours: 72 },
] as const satisfies readonly { tier: string; label: string; hours: number }[];

export type TSupportTier = (typeof SUPPORT_TARGETS)[number]["tier"];

/** The entitlement feature a support subscription grants, e.g. "support:vip". */
export const SUPPORT_FEATURE_PREFIX = "support:";

const PAID_TIERS: readonly string[] = SUPPORT_TIERS.map((t) => t.id);

/** The most urgent tier among the user's entitlements, or standard when they hold none. */
export function supportTierOf(granted: readonly { feature: string }[]): TSupportTier {
  const held = new Set(
    granted
      .filter((e) => e.feature.startsWith(SUPPORT_FEATURE_PREFIX))
      .map((e) => e.feature.slice(SUPPORT_FEATURE_PREFIX.length))
      .filter((tier) => PAID_TIERS.includes(tier)),
  );
  return SUPPORT_TARGETS.find((t) => held.has(t.tier))?.tier ?? STANDARD_SUPPORT;
}

/** The tier's response target (standard's for a tier no longer sold). */
export function supportTarget(tier: string): (typeof SUPPORT_TARGETS)[number] {
  return SUPPORT_TARGETS.find((t) => t.tier === tier) ?? SUPPORT_TARGETS[SUPPORT_TARGETS.length - 1];
}

/** "1 hour", "24 hours": a target in words. */
export function targetInWords(tier: string): string {
  const { hours } = supportTarget(tier);
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}
