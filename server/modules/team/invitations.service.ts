import { randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import {
  ACCEPT_INVITATION_PATH,
  INVITATION_VALID_DAYS,
  ROLE_LABELS,
  type TInvitationPreview,
  type TInviteBody,
  type TTeamInvitation,
} from "../../../shared/api/team";
import { teamInvitations, teamMemberships, users } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { AppError, notFound } from "../../http/app-error";
import type { RequestMeta } from "../../http/request-meta";
import type { Mailer } from "../../mail/mailer";
import { recordAudit } from "../audit/audit-log";
import { hashToken } from "../auth/known-devices";
import { assertPlanAllows, lockSeats } from "../plans/plan-limits";

/** Invitations one owner may send a day, withdrawn ones included: the form cannot mail strangers in bulk. */
const INVITATIONS_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

const pending = (ownerId: string) =>
  and(
    eq(teamInvitations.ownerId, ownerId),
    isNull(teamInvitations.acceptedAt),
    isNull(teamInvitations.revokedAt),
    gt(teamInvitations.expiresAt, sql`now()`),
  );

/** The owner's pending invitations, newest first. */
export async function pendingInvitations(db: Db, ownerId: string): Promise<TTeamInvitation[]> {
  const rows = await db
    .select()
    .from(teamInvitations)
    .where(pending(ownerId))
    .orderBy(sql`${teamInvitations.createdAt} desc`);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role as TTeamInvitation["role"],
    expiresAt: r.expiresAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * An owner invites someone by address with a role: refused for the owner's own address, for a
 * member or a pending invitation of the same address (409), beyond the day's invitations (429),
 * and beyond the plan's seats (403 PLAN_LIMIT, pending invitations holding seats). The mail goes
 * in the same transaction, so a refused invitation mails no one.
 */
export async function inviteMember(options: {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  ownerId: string;
  input: TInviteBody;
  meta: RequestMeta;
}): Promise<TTeamInvitation> {
  const { db, ownerId, input } = options;
  const token = randomBytes(32).toString("base64url");
  const row = await db.transaction(async (tx) => {
    await lockSeats(tx, ownerId);
    const [owner] = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, ownerId));
    if (owner.email.toLowerCase() === input.email) {
      throw new AppError("BAD_REQUEST", "That is your own address: you already own this portfolio.");
    }
    const [member] = await tx
      .select({ id: teamMemberships.id })
      .from(teamMemberships)
      .innerJoin(users, eq(users.id, teamMemberships.memberId))
      .where(and(eq(teamMemberships.ownerId, ownerId), sql`lower(${users.email}) = ${input.email}`));
    if (member) throw new AppError("CONFLICT", `${input.email} is already a member of your team.`);
    const [open] = await tx
      .select({ id: teamInvitations.id })
      .from(teamInvitations)
      .where(and(pending(ownerId), eq(teamInvitations.email, input.email)));
    if (open) throw new AppError("CONFLICT", `${input.email} already has an invitation waiting.`);
    await assertPlanAllows(tx, ownerId, { kind: "invite-member" });
    const [today] = await tx
      .select({ n: count() })
      .from(teamInvitations)
      .where(
        and(
          eq(teamInvitations.ownerId, ownerId),
          gt(teamInvitations.createdAt, new Date(Date.now() - DAY_MS)),
        ),
      );
    if (today.n >= INVITATIONS_PER_DAY) {
      throw new AppError("TOO_MANY_REQUESTS", "Too many invitations today. Please try again tomorrow.", {
        retryAfterSeconds: 3600,
      });
    }
    const [created] = await tx
      .insert(teamInvitations)
      .values({
        ownerId,
        email: input.email,
        role: input.role,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + INVITATION_VALID_DAYS * DAY_MS),
      })
      .returning();
    const link = new URL(`${ACCEPT_INVITATION_PATH}?token=${token}`, options.appUrl).toString();
    await options.mailer.send(tx, {
      to: input.email,
      subject: `${owner.name} invited you to their ParkPilot portfolio`,
      body: [
        `${owner.name} invited you to work in their ParkPilot portfolio as ${ROLE_LABELS[input.role]}.`,
        "",
        `Accept within ${INVITATION_VALID_DAYS} days, signed in (or signed up) with this address: ${link}`,
        "",
        "If you did not expect this, ignore this email: nothing happens until you accept.",
      ].join("\n"),
    });
    await recordAudit(tx, {
      userId: ownerId,
      event: "team_invitation_sent",
      meta: options.meta,
      detail: { email: input.email, role: input.role },
    });
    return created;
  });
  return {
    id: row.id,
    email: row.email,
    role: input.role,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The owner withdraws a pending invitation: its link stops working and its seat is free. */
export async function revokeInvitation(options: {
  db: Db;
  ownerId: string;
  id: string;
  meta: RequestMeta;
}): Promise<void> {
  await options.db.transaction(async (tx) => {
    const [row] = await tx
      .update(teamInvitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(teamInvitations.id, options.id), pending(options.ownerId)))
      .returning();
    if (!row) throw notFound("Invitation");
    await recordAudit(tx, {
      userId: options.ownerId,
      event: "team_invitation_revoked",
      meta: options.meta,
      detail: { email: row.email, role: row.role },
    });
  });
}

/**
 * What an invitation's link shows to whoever holds it, signed in or not: who invites, as what,
 * at which address and until when, and nothing else (no id, no other invitation). The token is
 * looked up by its hash as accepting does, so the stored hashes open nothing. A token no
 * invitation has is 404; one whose invitation was accepted, withdrawn or has expired is 410 GONE,
 * saying which (only the link's holder can ask).
 */
export async function previewInvitation(db: Db, token: string): Promise<TInvitationPreview> {
  const [row] = await db
    .select({
      email: teamInvitations.email,
      role: teamInvitations.role,
      expiresAt: teamInvitations.expiresAt,
      accepted: sql<boolean>`${teamInvitations.acceptedAt} is not null`,
      revoked: sql<boolean>`${teamInvitations.revokedAt} is not null`,
      expired: sql<boolean>`${teamInvitations.expiresAt} <= now()`,
      inviterName: users.name,
      inviterEmail: users.email,
    })
    .from(teamInvitations)
    .innerJoin(users, eq(users.id, teamInvitations.ownerId))
    .where(eq(teamInvitations.tokenHash, hashToken(token)));
  if (!row) {
    throw new AppError(
      "NOT_FOUND",
      "This invitation link is not valid. Open the whole link from the email, or ask for a new invitation.",
    );
  }
  if (row.accepted) throw new AppError("GONE", "This invitation was already accepted.");
  if (row.revoked) {
    throw new AppError("GONE", "This invitation was withdrawn. Ask the portfolio's owner for a new one.");
  }
  if (row.expired) {
    throw new AppError("GONE", "This invitation has expired. Ask the portfolio's owner for a new one.");
  }
  return {
    inviterName: row.inviterName.trim() || row.inviterEmail,
    role: row.role as TInvitationPreview["role"],
    email: row.email,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * The signed-in invitee accepts. The link was mailed to the invitation's address, so holding it
 * and being signed in to the account with that address is the proof asked; another account is
 * refused (403) and the invitation stays for the right one. A seat is checked again, since the
 * owner's plan may have shrunk since the invitation.
 */
export async function acceptInvitation(options: {
  db: Db;
  userId: string;
  token: string;
  meta: RequestMeta;
}): Promise<{ ownerId: string; role: string }> {
  const { db, userId } = options;
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(teamInvitations)
      .where(
        and(
          eq(teamInvitations.tokenHash, hashToken(options.token)),
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.revokedAt),
          gt(teamInvitations.expiresAt, sql`now()`),
        ),
      )
      .for("update");
    if (!invitation) {
      throw new AppError("NOT_FOUND", "This invitation has expired, was withdrawn or was already used.");
    }
    const [me] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (invitation.ownerId === userId) throw new AppError("BAD_REQUEST", "This is your own portfolio.");
    if (me.email.toLowerCase() !== invitation.email) {
      throw new AppError(
        "FORBIDDEN",
        `This invitation is for ${invitation.email}. Sign in with that address to accept it.`,
      );
    }
    await assertPlanAllows(tx, invitation.ownerId, { kind: "add-member" });
    const [added] = await tx
      .insert(teamMemberships)
      .values({ ownerId: invitation.ownerId, memberId: userId, role: invitation.role })
      .onConflictDoNothing()
      .returning({ id: teamMemberships.id });
    if (!added) throw new AppError("CONFLICT", "You are already a member of this portfolio.");
    await tx
      .update(teamInvitations)
      .set({ acceptedAt: new Date(), acceptedBy: userId })
      .where(eq(teamInvitations.id, invitation.id));
    await recordAudit(tx, {
      userId: invitation.ownerId,
      event: "team_invitation_accepted",
      meta: options.meta,
      detail: { actorId: userId, email: invitation.email, role: invitation.role },
    });
    return { ownerId: invitation.ownerId, role: invitation.role };
  });
}
