import { sql } from "drizzle-orm";
import type { Agent } from "supertest";
import type { Db } from "../../server/db/pool";
import type { TAffiliate, TInviteAffiliateBody } from "../../shared/api/affiliates";

/** Invites an address through the API and returns the new affiliate. */
export async function invite(agent: Agent, body: TInviteAffiliateBody): Promise<TAffiliate> {
  const res = await agent.post("/api/affiliates/invite").send(body);
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as TAffiliate;
}

/** The referral code in the newest invitation mailed to `email`, read from the outbox. */
export async function invitationCode(db: Db, email: string): Promise<string> {
  const { rows } = await db.execute<{ body: string }>(
    sql`select body from mail_outbox where lower("to") = lower(${email}) order by created_at desc limit 1`,
  );
  const code = rows[0] && /\/login\?ref=([\w-]+)/.exec(rows[0].body)?.[1];
  if (!code) throw new Error(`no invitation mailed to ${email}`);
  return code;
}
