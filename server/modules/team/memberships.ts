import { and, eq, isNull } from "drizzle-orm";
import type { TTeamRole } from "../../../shared/api/team";
import { planById } from "../../../shared/plans";
import { teamMemberships, users } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { accountPlanOf } from "../entitlements/entitlements.service";
import { seatsUsed } from "../plans/plan-limits";

/** The member's row in the owner's team, or undefined when they are not (or no longer) a member, or the owner is suspended. */
export async function membershipOf(db: DbOrTx, ownerId: string, memberId: string) {
  // A suspended owner's portfolio is closed to their members too, until staff restore it.
  const [row] = await db
    .select({ id: teamMemberships.id, role: teamMemberships.role })
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.ownerId))
    .where(
      and(
        eq(teamMemberships.ownerId, ownerId),
        eq(teamMemberships.memberId, memberId),
        isNull(users.suspendedAt),
      ),
    );
  return row ? { id: row.id, role: row.role as TTeamRole } : undefined;
}

/** Whether the owner has more members than the plan's seats now (after a downgrade). */
export async function overSeatLimit(db: DbOrTx, ownerId: string): Promise<boolean> {
  const limit = planById(await accountPlanOf({ db, userId: ownerId })).limits.teamSeats;
  if (limit === null) return false;
  return (await seatsUsed(db, ownerId)).members > limit;
}

/**
 * The role a member works with now: a manager works as a viewer while the portfolio has more
 * members than its plan's seats, so a downgrade deletes no one and nobody changes the portfolio
 * beyond what the plan pays for.
 */
export async function effectiveRole(db: DbOrTx, ownerId: string, role: TTeamRole): Promise<TTeamRole> {
  if (role === "viewer") return role;
  return (await overSeatLimit(db, ownerId)) ? "viewer" : role;
}

/** The address of an account, kept in audit entries so the log says who acted even after the account goes. */
export async function emailOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
