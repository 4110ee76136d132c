import { z } from "zod";
import { ZLimitUsage } from "./plans";

/** Team seats (docs/security.md#team-seats): an owner's members and invitations, and the portfolios a user works in. */
export const TEAM_PATHS = {
  invitations: "/api/team/invitations",
  invitation: "/api/team/invitations/:id",
  accept: "/api/team/invitations/accept",
  /** What an invitation's link shows before it is accepted: public, the token is the key. */
  preview: "/api/team/invitations/preview",
  members: "/api/team/members",
  member: "/api/team/members/:id",
  portfolios: "/api/team/portfolios",
  /** Leaving a portfolio one is a member of (by its owner's id). */
  leave: "/api/team/portfolios/:ownerId",
  switch: "/api/team/portfolio",
} as const;

export { ACCEPT_INVITATION_PATH } from "../page-paths";
/** How long an invitation's link works. */
export const INVITATION_VALID_DAYS = 7;

/** A member's role: a viewer sees the portfolio; a manager also edits domains, listings and pages. */
export const TEAM_ROLES = ["viewer", "manager"] as const;
export const ZTeamRole = z.enum(TEAM_ROLES, "Choose viewer or manager");
export type TTeamRole = z.infer<typeof ZTeamRole>;
/** What a signed-in user is in the portfolio they are working in. */
export type TPortfolioRole = TTeamRole | "owner";

export const ROLE_LABELS: Record<TPortfolioRole, string> = {
  owner: "Owner",
  manager: "Manager",
  viewer: "Viewer",
};

export const ZInviteBody = z.object({
  email: z
    .string("Enter an email address such as name@example.com")
    .trim()
    .toLowerCase()
    .max(254, "Keep the address under 254 characters")
    .pipe(z.email("Enter an email address such as name@example.com")),
  role: ZTeamRole,
});
export type TInviteBody = z.infer<typeof ZInviteBody>;

export const ZAcceptBody = z.object({
  token: z.string().min(10, "This invitation link is not valid").max(200),
});
/** The token of an invitation's link, as mailed: 32 random bytes in base64url. */
export const ZInvitationToken = z
  .string("This invitation link is not valid")
  .regex(/^[A-Za-z0-9_-]{43}$/, "This invitation link is not valid: open the whole link from the email");
export const ZInvitationPreviewQuery = z.object({ token: ZInvitationToken });

/**
 * `GET /api/team/invitations/preview?token=`: what the holder of a pending invitation's link is
 * told before accepting: who invites them, as what, at which address and until when.
 */
export const ZInvitationPreview = z.object({
  /** The inviting owner's display name (their email when they have none). */
  inviterName: z.string(),
  role: ZTeamRole,
  /** The address the invitation was mailed to: the account that accepts must have it. */
  email: z.string(),
  expiresAt: z.string(),
});
export type TInvitationPreview = z.infer<typeof ZInvitationPreview>;

export const ZRoleBody = z.object({ role: ZTeamRole });
export const ZIdParams = z.object({ id: z.uuid("Not a valid id") });
export const ZOwnerParams = z.object({ ownerId: z.uuid("Not a valid id") });
export const ZSwitchBody = z.object({ ownerId: z.uuid("Not a valid portfolio") });

export const ZTeamMember = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: ZTeamRole,
  createdAt: z.string(),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

export const ZTeamInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: ZTeamRole,
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type TTeamInvitation = z.infer<typeof ZTeamInvitation>;

/** `GET /api/team/members`: the owner's members, pending invitations and seats. */
export const ZTeam = z.object({
  members: z.array(ZTeamMember),
  invitations: z.array(ZTeamInvitation),
  seats: ZLimitUsage,
  /** More members than the plan's seats (after a downgrade): every member works read-only. */
  overLimit: z.boolean(),
});
export type TTeam = z.infer<typeof ZTeam>;

export const ZPortfolio = z.object({
  ownerId: z.string(),
  ownerName: z.string(),
  role: z.enum(["owner", ...TEAM_ROLES]),
  /** The role in effect now: a manager works as a viewer while the portfolio is over its seats. */
  effectiveRole: z.enum(["owner", ...TEAM_ROLES]),
  active: z.boolean(),
});
export type TPortfolio = z.infer<typeof ZPortfolio>;

/** `GET /api/team/portfolios`: the user's own portfolio first, then those they are a member of. */
export const ZPortfolios = z.object({ portfolios: z.array(ZPortfolio) });
export type TPortfolios = z.infer<typeof ZPortfolios>;
