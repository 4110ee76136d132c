/**
 * The account plans (docs/product.md#account-plans): for each plan, the limits the server
 * enforces and the features a paid plan includes. One table, read by the server (limits, what a
 * plan order grants), the plan dialog and docs/plans.md (a test compares them).
 */
import { centsToDecimal, toCents } from "./money";
import { ACCOUNT_PLANS, optionById, PRO_PLAN, SECURITY_ADDONS, SUPPORT_TIERS } from "./prices";
import { supportTarget } from "./support";

/** A plan's id: `users.plan`'s words. */
export type TPlanId = "free" | "pro" | "business" | "enterprise" | "ultimate";

/** The limits a plan sets, each enforced by the server's one plan check. Null: no limit. */
export interface PlanLimits {
  /** Domains in the portfolio (added by hand, by CSV or by the API). */
  domains: number | null;
  /** Parking-report imports a day (the user's calendar day). */
  parkingImportsPerDay: number | null;
  /** Team members (and pending invitations) who work in the portfolio besides its owner. */
  teamSeats: number | null;
}
export type TPlanLimitKey = keyof PlanLimits;

type AddOnId = (typeof SECURITY_ADDONS)[number]["id"];
type SupportTierId = (typeof SUPPORT_TIERS)[number]["id"] | "standard";

export interface AccountPlan {
  id: TPlanId;
  label: string;
  /** Per month, decimal string. */
  price: string;
  limits: PlanLimits;
  /** API calls a month included (keys and the documented API), or null for none. */
  apiCalls: number | null;
  /** The support tier the plan includes (its response target is `shared/support.ts`'s). */
  support: SupportTierId;
  /** Enhanced Security add-ons the plan includes, as if bought. */
  securityAddOns: readonly AddOnId[];
}

const price = (id: Exclude<TPlanId, "free">) => optionById(ACCOUNT_PLANS, id).price;

/** Every plan, cheapest first. Prices are the account plans' (`ACCOUNT_PLANS`). */
export const PLANS: readonly AccountPlan[] = [
  {
    id: "free",
    label: "Free",
    price: "0.00",
    limits: { domains: 50, parkingImportsPerDay: 10, teamSeats: 0 },
    apiCalls: null,
    support: "standard",
    securityAddOns: [],
  },
  {
    id: "pro",
    label: "Pro",
    price: price("pro"),
    limits: { domains: 250, parkingImportsPerDay: 50, teamSeats: 2 },
    apiCalls: null,
    support: "standard",
    securityAddOns: ["2fa-premium", "biometric"],
  },
  {
    id: "business",
    label: "Business",
    price: price("business"),
    limits: { domains: 1_000, parkingImportsPerDay: 200, teamSeats: 5 },
    apiCalls: 10_000,
    support: "priority",
    securityAddOns: ["2fa-premium", "biometric", "device-management"],
  },
  {
    id: "enterprise",
    label: "Enterprise",
    price: price("enterprise"),
    limits: { domains: 5_000, parkingImportsPerDay: 1_000, teamSeats: 25 },
    apiCalls: 100_000,
    support: "premium",
    securityAddOns: ["2fa-premium", "biometric", "device-management", "audit-logs", "threat-monitoring"],
  },
  {
    id: "ultimate",
    label: "Ultimate",
    price: price("ultimate"),
    limits: { domains: null, parkingImportsPerDay: null, teamSeats: null },
    apiCalls: 1_000_000,
    support: "vip",
    securityAddOns: SECURITY_ADDONS.map((a) => a.id),
  },
];

/**
 * The dashboard's "Upgrade to Pro" card: the Pro plan with Priority support included, at its own
 * price ($49 = Pro's $29 plus part of Priority support's $39). It is the same Pro plan; what it
 * adds is the support tier.
 */
export const PRO_CARD = {
  plan: "pro" as TPlanId,
  support: "priority" as SupportTierId,
  price: PRO_PLAN.price,
};

/** The plan with this id; an unknown id (a plan no longer sold) reads as free. */
export function planById(id: string): AccountPlan {
  return PLANS.find((p) => p.id === id) ?? PLANS[0];
}

/** What each limit is called, in a sentence and in the table. */
export const LIMIT_LABELS: Record<TPlanLimitKey, { noun: string; row: string }> = {
  domains: { noun: "domains", row: "Domains in the portfolio" },
  parkingImportsPerDay: { noun: "parking-report imports today", row: "Parking-report imports per day" },
  teamSeats: { noun: "team seats", row: "Team seats (besides the owner)" },
};

/** The cheapest plan whose limit allows `needed` (a count the user would reach), or null for none. */
export function planThatLifts(key: TPlanLimitKey, needed: number): AccountPlan | null {
  return PLANS.find((p) => p.limits[key] === null || (p.limits[key] as number) >= needed) ?? null;
}

const count = (n: number | null, none = "Unlimited") => (n === null ? none : n.toLocaleString("en-US"));

/** The plan table's rows: a label and one cell per plan, cheapest first. */
export function planTableRows(): { label: string; cells: string[] }[] {
  const addOnLabel = (id: AddOnId) => optionById(SECURITY_ADDONS, id).label;
  return [
    { label: "Price per month", cells: PLANS.map((p) => `$${Number(p.price).toFixed(0)}`) },
    ...(Object.keys(LIMIT_LABELS) as TPlanLimitKey[]).map((key) => ({
      label: LIMIT_LABELS[key].row,
      cells: PLANS.map((p) => count(p.limits[key])),
    })),
    { label: "API calls per month", cells: PLANS.map((p) => count(p.apiCalls, "With an API plan")) },
    {
      label: "Support (first answer)",
      cells: PLANS.map((p) => `${supportTarget(p.support).label} (${supportTarget(p.support).hours} h)`),
    },
    {
      label: "Security add-ons included",
      cells: PLANS.map((p) =>
        p.securityAddOns.length === 0
          ? "None"
          : p.securityAddOns.length === SECURITY_ADDONS.length
            ? "All six"
            : p.securityAddOns.map(addOnLabel).join(", "),
      ),
    },
  ];
}

/** The plan table as Markdown: exactly what docs/plans.md shows. */
export function planTableMarkdown(): string {
  const head = `| | ${PLANS.map((p) => p.label).join(" | ")} |`;
  const rule = `| --- | ${PLANS.map(() => "---").join(" | ")} |`;
  const rows = planTableRows().map((r) => `| ${r.label} | ${r.cells.join(" | ")} |`);
  return [head, rule, ...rows].join("\n");
}

/** What the Pro card adds to Settings' Pro, in one sentence (the card and docs/plans.md say it). */
export function proCardNote(): string {
  const target = supportTarget(PRO_CARD.support);
  const pro = planById(PRO_CARD.plan);
  const saved = centsToDecimal(
    toCents(pro.price) + toCents(optionById(SUPPORT_TIERS, "priority").price) - toCents(PRO_CARD.price),
  );
  return `The dashboard's Upgrade to Pro card ($${Number(PRO_CARD.price).toFixed(0)} a month) is the Pro plan with ${target.label} support (${target.hours} h) included: $${Number(saved).toFixed(0)} less than Pro and ${target.label} support bought apart.`;
}
