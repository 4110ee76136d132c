import { sql } from "drizzle-orm";
import type { Agent } from "supertest";
import type { Db } from "../../server/db/pool";
import type { TTeamRole } from "../../shared/api/team";
import { TEAM_PATHS } from "../../shared/api/team";

/** The token of the newest team invitation mailed to `email` (read from the outbox). */
export async function invitationToken(db: Db, email: string): Promise<string> {
  const { rows } = await db.execute<{ body: string }>(
    sql`select body from mail_outbox where lower("to") = lower(${email})
        and body like '%/team/accept?token=%' order by created_at desc limit 1`,
  );
  const token = /\/team\/accept\?token=([\w-]+)/.exec(rows[0]?.body ?? "")?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

/**
 * The owner invites `member` with `role`, the member accepts from the mailed link and opens the
 * owner's portfolio; answers the membership's id.
 */
export async function addTeamMember(
  db: Db,
  owner: { agent: Agent; user: { id: string } },
  member: { agent: Agent; input: { email: string } },
  role: TTeamRole,
): Promise<string> {
  const invited = await owner.agent.post(TEAM_PATHS.invitations).send({ email: member.input.email, role });
  if (invited.status !== 201)
    throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const token = await invitationToken(db, member.input.email);
  const accepted = await member.agent.post(TEAM_PATHS.accept).send({ token });
  if (accepted.status !== 200)
    throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  const switched = await member.agent.post(TEAM_PATHS.switch).send({ ownerId: owner.user.id });
  if (switched.status !== 200)
    throw new Error(`switch failed: ${switched.status} ${JSON.stringify(switched.body)}`);
  const team = await owner.agent.get(TEAM_PATHS.members);
  const row = (team.body.members as { id: string; email: string }[]).find(
    (m) => m.email.toLowerCase() === member.input.email.toLowerCase(),
  );
  if (!row) throw new Error("the member is not on the owner's team");
  return row.id;
}
