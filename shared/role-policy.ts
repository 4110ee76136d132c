import type { TTeamRole } from "./api/team";

/**
 * What a team member may reach while working in someone else's portfolio
 * (docs/security.md#team-seats), one row per family of routes, first match wins:
 *
 * - `personal`: about the signed-in person, never the portfolio (signing in and out, their own
 *   notifications and support tickets, their memberships and the invitations they hold); the
 *   route acts as themselves.
 * - `viewer`: the portfolio's data, read with safe methods only (GET, HEAD).
 * - `manager`: also changes domains, their pages and experiments, and the marketplace listings
 *   and offers of the portfolio.
 *
 * Anything not listed (payouts, payments, billing, checkout and purchases, security and API keys,
 * account settings, team management, affiliates, and every route added tomorrow) is the
 * owner's alone: a member is refused with 403 ROLE_FORBIDDEN.
 *
 * The server's gate (`server/modules/team/portfolio-access.ts`) and the client's disabled buttons
 * (`client/src/lib/can-purchase.ts`) read this one table, so a button is disabled exactly when
 * its request would be refused.
 */
export type RouteAccess = "personal" | TTeamRole;

interface Rule {
  /** `read`: GET and HEAD; `any`: every method. */
  methods: "read" | "any";
  path: RegExp;
  access: RouteAccess;
}

export const ROLE_POLICY: readonly Rule[] = [
  // The signed-in person: their session and account sign-in, their own inbox and tickets.
  {
    methods: "any",
    path: /^\/api\/auth\/(me|login|logout|register|reauthenticate|password-reset(\/confirm)?|passkeys\/login\/(options|verify)|device-approval|devices\/approve|email\/(confirm|cancel))$/,
    access: "personal",
  },
  {
    methods: "any",
    path: /^\/api\/team\/(portfolios(\/[^/]+)?|portfolio|invitations\/(accept|preview))$/,
    access: "personal",
  },
  { methods: "any", path: /^\/api\/notifications(\/|$)/, access: "personal" },
  { methods: "any", path: /^\/api\/support(\/|$)/, access: "personal" },
  // The console decides by the signed-in person's own staff role; a membership grants nothing there.
  { methods: "any", path: /^\/api\/admin(\/|$)/, access: "personal" },
  { methods: "any", path: /^\/api\/leads$/, access: "personal" },
  // Managers: domains (their pages, verification, imports), experiments, listings and offers.
  { methods: "any", path: /^\/api\/domains(\/|$)/, access: "manager" },
  { methods: "any", path: /^\/api\/experiments(\/|$)/, access: "manager" },
  {
    methods: "any",
    path: /^\/api\/marketplace\/(list|list\/[^/]+|list\/[^/]+\/lander|sold)$/,
    access: "manager",
  },
  {
    methods: "any",
    path: /^\/api\/marketplace\/offers\/[^/]+\/(accept|counter|decline)$/,
    access: "manager",
  },
  { methods: "any", path: /^\/api\/marketplace\/messages\/[^/]+\/read$/, access: "manager" },
  // Viewers: the portfolio's figures and listings, read only.
  {
    methods: "read",
    path: /^\/api\/marketplace\/(domains|offers|messages|transactions|listings|tlds)(\/|$)/,
    access: "viewer",
  },
  { methods: "read", path: /^\/api\/(revenue|analytics|reports|portfolio\/pnl)(\/|$)/, access: "viewer" },
  {
    methods: "read",
    path: /^\/api\/(leads\/summary|entitlements|settings\/plan|checkout\/mode|appraisals\/estimate)$/,
    access: "viewer",
  },
];

const RANK: Record<TTeamRole, number> = { viewer: 1, manager: 2 };
const isRead = (method: string) => method === "GET" || method === "HEAD";

/**
 * What the route needs of a member: `personal`, the least role (`viewer` for a read of a manager's
 * route), or null when only the owner may use it.
 */
export function routeAccess(method: string, path: string): RouteAccess | null {
  for (const rule of ROLE_POLICY) {
    if (rule.methods === "read" && !isRead(method)) continue;
    if (!rule.path.test(path)) continue;
    if (rule.access === "manager" && isRead(method)) return "viewer";
    return rule.access;
  }
  return null;
}

/** Whether `role` reaches a route that needs `needed`. */
export const roleAllows = (role: TTeamRole, needed: TTeamRole) => RANK[role] >= RANK[needed];
