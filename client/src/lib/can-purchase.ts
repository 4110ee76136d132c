import { useId } from "react";
import { useWorkingAsMember } from "@/lib/api/portfolios";

/** Why a purchase is disabled for a team member: buying, upgrading and paying are the owner's. */
export const OWNER_BUYS_ONLY = "Only the portfolio's owner can buy this.";

/**
 * A purchase's buttons while the signed-in person works in someone else's portfolio: the server
 * refuses every purchase of a team member, whatever their role (403 ROLE_FORBIDDEN,
 * docs/security.md#team-seats), so the buttons are disabled and say why instead.
 */
export interface PurchaseBlock {
  /** Spread on each purchase button: disabled, with the reason as its title and description. */
  button: { disabled: true; title: string; "aria-describedby": string };
  /** The id of the visible reason (`PurchaseBlockedNote`), which the buttons point to. */
  reasonId: string;
}

/** Null for the portfolio's owner (and while the portfolios load); a team member's block otherwise. */
export function usePurchaseBlock(): PurchaseBlock | null {
  const member = useWorkingAsMember();
  const reasonId = useId();
  if (!member) return null;
  return { button: { disabled: true, title: OWNER_BUYS_ONLY, "aria-describedby": reasonId }, reasonId };
}
