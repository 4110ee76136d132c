import { and, eq, ne, sql } from "drizzle-orm";
import type { Express } from "express";
import request from "supertest";
import type { Db } from "../../server/db/pool";
import { sendDueSequenceEmails } from "../../server/modules/email-automation/send-sequence-emails";
import { EMAIL_PATHS } from "../../shared/api/auth/email";
import { mailOutbox } from "../../shared/schema";
import type { TestApp } from "../setup/test-app";
import { DAY_MS } from "../setup/time";

/** The token of the newest confirmation link mailed to `email` (read from the outbox). */
export async function confirmationToken(db: Db, email: string): Promise<string> {
  const { rows } = await db.execute<{ body: string }>(
    sql`select body from mail_outbox where lower("to") = lower(${email})
        and body like '%/confirm-email?token=%' order by created_at desc limit 1`,
  );
  const token = /\/confirm-email\?token=([\w-]+)/.exec(rows[0]?.body ?? "")?.[1];
  if (!token) throw new Error(`no confirmation link mailed to ${email}`);
  return token;
}

/** Opens the newest confirmation link mailed to `email`, as its owner would. */
export async function confirmEmailLink(app: Express, db: Db, email: string) {
  const token = await confirmationToken(db, email);
  const res = await request(app).post(EMAIL_PATHS.confirm).send({ token });
  if (res.status !== 200) throw new Error(`confirming ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** The subject of the link every registration mails: tests about other mail leave it out. */
export const CONFIRMATION_SUBJECT = "Confirm your ParkPilot email";

/** Outbox rows to `email` other than the registration's confirmation link. */
export const otherMailTo = (email: string) =>
  and(eq(mailOutbox.to, email), ne(mailOutbox.subject, CONFIRMATION_SUBJECT));

/** The email-sequence job's run, as the job queue calls it, `daysAhead` days from now. */
export const runSequenceEmails = (t: TestApp, daysAhead = 0) =>
  sendDueSequenceEmails({
    db: t.db,
    mailer: t.deps.mailer,
    appUrl: "http://app.test",
    secret: t.deps.config.sessionSecret,
    now: new Date(Date.now() + daysAhead * DAY_MS),
  });
