import type { TPortfolio } from "@shared/api/team";
import { roleAllows, routeAccess } from "@shared/role-policy";
import { useId } from "react";
import { useActivePortfolio } from "@/lib/api/portfolios";

/** Why a purchase is disabled for a team member: buying, upgrading and paying are the owner's. */
export const OWNER_BUYS_ONLY = "Only the portfolio's owner can buy this.";
/** Why any other action the role policy keeps for the owner is disabled for a team member. */
export const OWNER_ONLY = "Only the portfolio's owner can do this.";
/** Why a change a manager may make is disabled for a viewer. */
export const VIEWERS_ONLY_LOOK = "Viewers can look but not change anything.";
/** Why a manager's change is disabled while the portfolio has more members than its plan's seats. */
export const OVER_SEATS_ONLY_LOOK =
  "The portfolio has more members than its plan's seats, so members can only look until its owner upgrades.";

/**
 * An action's buttons while the signed-in person works in someone else's portfolio and the server
 * would refuse them the action (403 ROLE_FORBIDDEN, docs/security.md#team-seats): the buttons are
 * disabled and say why instead.
 */
export interface RoleBlock {
  /** Spread on each of the action's buttons: disabled, with the reason as its title and description. */
  button: { disabled: true; title: string; "aria-describedby": string };
  /** The id of the visible reason (`PurchaseBlockedNote`), which the buttons point to. */
  reasonId: string;
  /** The sentence the buttons and the note give. */
  reason: string;
}
export type PurchaseBlock = RoleBlock;

/**
 * Why the open portfolio's role may not send `method path`, by the server's own role policy
 * (`shared/role-policy.ts`); null when it may (the owner always, a member where the table lets
 * them). Without the portfolios (loading) nothing is blocked: the server still decides.
 */
export function roleBlockReason(
  portfolio: Pick<TPortfolio, "role" | "effectiveRole"> | undefined,
  method: string,
  path: string,
): string | null {
  const role = portfolio?.effectiveRole;
  if (!role || role === "owner") return null;
  // The policy matches the path alone, as the server sees it without its query.
  const need = routeAccess(method, path.split("?")[0] ?? path);
  if (need === "personal") return null;
  if (need === null) return OWNER_ONLY;
  if (roleAllows(role, need)) return null;
  return portfolio.role === role ? VIEWERS_ONLY_LOOK : OVER_SEATS_ONLY_LOOK;
}

function useBlock(reason: string | null, sameNoteAs?: RoleBlock | null): RoleBlock | null {
  const ownId = useId();
  if (!reason) return null;
  const reasonId = sameNoteAs?.reason === reason ? sameNoteAs.reasonId : ownId;
  return { button: { disabled: true, title: reason, "aria-describedby": reasonId }, reasonId, reason };
}

/**
 * The block of a button that sends `method path`: null when the open portfolio's role may (and
 * for the owner, and while the portfolios load); otherwise disabled with the policy's reason.
 * `ownerReason` names what the owner alone does when "do this" says too little (buying);
 * `sameNoteAs` lets buttons side by side point to one note when their reasons are the same.
 */
export function useRouteBlock(
  method: string,
  path: string,
  options: { ownerReason?: string; sameNoteAs?: RoleBlock | null } = {},
): RoleBlock | null {
  const reason = roleBlockReason(useActivePortfolio(), method, path);
  return useBlock(reason === OWNER_ONLY ? (options.ownerReason ?? OWNER_ONLY) : reason, options.sameNoteAs);
}

/**
 * A purchase's buttons: the server refuses every purchase of a team member, whatever their role
 * (buying, checkout and payments are the owner's alone), so for a member they are blocked.
 * Null for the portfolio's owner (and while the portfolios load).
 */
export function usePurchaseBlock(): PurchaseBlock | null {
  const active = useActivePortfolio();
  return useBlock(active && active.role !== "owner" ? OWNER_BUYS_ONLY : null);
}
