import { sql } from "drizzle-orm";
import type { Agent } from "supertest";
import type { Db } from "../../server/db/pool";
import type { TAffiliate, TAffiliateLevel, TInviteAffiliateBody } from "../../shared/api/affiliates";
import { AFFILIATE_INVITE_PATH } from "../../shared/api/affiliates";
import type { TestApp } from "../setup/test-app";
import { signUp } from "./users";

/** Invites an address through the API and returns the new affiliate. */
export async function invite(agent: Agent, body: TInviteAffiliateBody): Promise<TAffiliate> {
  const res = await agent.post(AFFILIATE_INVITE_PATH).send(body);
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

/** A referrer and the user who registered through the referrer's invitation at `level`. */
export async function referralPair(t: TestApp, level: TAffiliateLevel) {
  const referrer = await signUp(t.app);
  const email = `referral_${Math.random().toString(36).slice(2)}@example.com`;
  const affiliate = await invite(referrer.agent, { email, level });
  const referred = await signUp(t.app, { email, referralCode: await invitationCode(t.db, email) });
  return { referrer, referred, affiliate };
}

/** The referral code of the account `userId`. */
export async function referralCodeOf(db: Db, userId: string): Promise<string> {
  const { rows } = await db.execute<{ code: string }>(
    sql`select referral_code as code from users where id = ${userId}`,
  );
  return rows[0].code;
}
