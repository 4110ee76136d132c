import { and, asc, eq } from "drizzle-orm";
import type { TPortfolio, TTeam, TTeamRole } from "../../../shared/api/team";
import { teamMemberships, users } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { notFound } from "../../http/app-error";
import type { RequestMeta } from "../../http/request-meta";
import { recordAudit } from "../audit/audit-log";
import { planUsage } from "../plans/plan-limits";
import { pendingInvitations } from "./invitations.service";
import { effectiveRole, emailOf, membershipOf } from "./memberships";

/** The owner's team: members, pending invitations, and the seats they hold of the plan's. */
export async function getTeam(db: Db, ownerId: string): Promise<TTeam> {
  const members = await db
    .select({
      id: teamMemberships.id,
      userId: teamMemberships.memberId,
      name: users.name,
      email: users.email,
      role: teamMemberships.role,
      createdAt: teamMemberships.createdAt,
    })
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.memberId))
    .where(eq(teamMemberships.ownerId, ownerId))
    .orderBy(asc(teamMemberships.createdAt));
  const seats = (await planUsage(db, ownerId)).usage.teamSeats;
  return {
    members: members.map((m) => ({ ...m, role: m.role as TTeamRole, createdAt: m.createdAt.toISOString() })),
    invitations: await pendingInvitations(db, ownerId),
    seats,
    overLimit: seats.limit !== null && members.length > seats.limit,
  };
}

/** The owner changes a member's role; the member's next request works with it. */
export async function changeRole(options: {
  db: Db;
  ownerId: string;
  id: string;
  role: TTeamRole;
  meta: RequestMeta;
}): Promise<void> {
  await options.db.transaction(async (tx) => {
    const [row] = await tx
      .update(teamMemberships)
      .set({ role: options.role })
      .where(and(eq(teamMemberships.id, options.id), eq(teamMemberships.ownerId, options.ownerId)))
      .returning();
    if (!row) throw notFound("Member");
    await recordAudit(tx, {
      userId: options.ownerId,
      event: "team_role_changed",
      meta: options.meta,
      detail: { memberId: row.memberId, memberEmail: await emailOf(tx, row.memberId), role: options.role },
    });
  });
}

/** The owner removes a member: their access ends at their next request; nothing they did is undone. */
export async function removeMember(options: { db: Db; ownerId: string; id: string; meta: RequestMeta }) {
  await options.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(teamMemberships)
      .where(and(eq(teamMemberships.id, options.id), eq(teamMemberships.ownerId, options.ownerId)))
      .returning();
    if (!row) throw notFound("Member");
    await recordAudit(tx, {
      userId: options.ownerId,
      event: "team_member_removed",
      meta: options.meta,
      detail: { memberId: row.memberId, memberEmail: await emailOf(tx, row.memberId), role: row.role },
    });
  });
}

/** A member leaves someone's portfolio. */
export async function leavePortfolio(options: {
  db: Db;
  memberId: string;
  ownerId: string;
  meta: RequestMeta;
}) {
  await options.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(teamMemberships)
      .where(
        and(eq(teamMemberships.ownerId, options.ownerId), eq(teamMemberships.memberId, options.memberId)),
      )
      .returning();
    if (!row) throw notFound("Portfolio");
    await recordAudit(tx, {
      userId: options.ownerId,
      event: "team_member_left",
      meta: options.meta,
      detail: { actorId: options.memberId, actorEmail: await emailOf(tx, options.memberId), role: row.role },
    });
  });
}

/** The user's own portfolio first, then each they are a member of, with the role and which is open. */
export async function listPortfolios(db: Db, userId: string, activeOwnerId: string | undefined) {
  const [me] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  const rows = await db
    .select({ ownerId: teamMemberships.ownerId, ownerName: users.name, role: teamMemberships.role })
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.ownerId))
    .where(eq(teamMemberships.memberId, userId))
    .orderBy(asc(users.name));
  const active = activeOwnerId && rows.some((r) => r.ownerId === activeOwnerId) ? activeOwnerId : userId;
  const portfolios: TPortfolio[] = [
    { ownerId: userId, ownerName: me.name, role: "owner", effectiveRole: "owner", active: active === userId },
  ];
  for (const r of rows) {
    const role = r.role as TTeamRole;
    portfolios.push({
      ownerId: r.ownerId,
      ownerName: r.ownerName,
      role,
      effectiveRole: await effectiveRole(db, r.ownerId, role),
      active: active === r.ownerId,
    });
  }
  return { portfolios };
}

/**
 * Opens a portfolio: the user's own (always), or one they are a member of (otherwise 404, the
 * same answer as a portfolio that does not exist). Returns the owner id the session should keep.
 */
export async function switchPortfolio(options: {
  db: Db;
  userId: string;
  ownerId: string;
  /** The portfolio the session has open now: opening it again is no event for the owner's log. */
  current?: string;
  meta: RequestMeta;
}) {
  const { db, userId, ownerId } = options;
  if (ownerId === userId) return { ownerId };
  const membership = await membershipOf(db, ownerId, userId);
  if (!membership) throw notFound("Portfolio");
  if (options.current === ownerId) return { ownerId };
  await recordAudit(db, {
    userId: ownerId,
    event: "team_portfolio_switched",
    meta: options.meta,
    detail: { actorId: userId, actorEmail: await emailOf(db, userId), role: membership.role },
  });
  return { ownerId };
}
