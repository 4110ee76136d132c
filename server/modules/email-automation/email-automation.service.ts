import { and, desc, eq, sql } from "drizzle-orm";
import {
  DAILY_SEND_LIMIT,
  EMAIL_AUTOMATION_FEATURE,
  type TEmailAutomation,
} from "../../../shared/api/email-automation";
import { emailSequences, emailUnsubscribes } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import { isEntitled } from "../entitlements/entitlements.service";

type Options = { db: DbOrTx; userId: string };

export async function assertEmailAutomation(db: DbOrTx, userId: string): Promise<void> {
  if (!(await isEntitled({ db, userId, feature: EMAIL_AUTOMATION_FEATURE }))) {
    throw new AppError("FORBIDDEN", "Email sequences need the Email Automation tool of the Marketing Suite.");
  }
}

/** Mail that left the account since the start of the UTC day (the daily limit counts it). */
export async function sentToday(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from email_sends s join email_sequences q on q.id = s.sequence_id
    where q.user_id = ${userId} and s.status in ('sent', 'queued', 'deferred', 'bounced', 'soft-bounced')
      and s.sent_at >= date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'UTC') at time zone 'UTC'
  `);
  return Number(rows[0].n);
}

/** The user's sequences with what each step sent and skipped, their unsubscribes and today's sending. */
export async function emailAutomation(options: Options & { now?: Date }): Promise<TEmailAutomation> {
  const { db, userId } = options;
  await assertEmailAutomation(db, userId);
  const sequences = await db
    .select()
    .from(emailSequences)
    .where(eq(emailSequences.userId, userId))
    .orderBy(desc(emailSequences.createdAt));
  const { rows: counts } = await db.execute<{
    sequence_id: string;
    step: number;
    status: string;
    n: number;
  }>(sql`
    select s.sequence_id::text, s.step, s.status, count(*)::int as n
    from email_sends s join email_sequences q on q.id = s.sequence_id
    where q.user_id = ${userId} group by 1, 2, 3
  `);
  const count = (id: string, step: number, status: string) =>
    Number(
      counts.find((c) => c.sequence_id === id && Number(c.step) === step && c.status === status)?.n ?? 0,
    );
  const unsubscribed = await db
    .select()
    .from(emailUnsubscribes)
    .where(and(eq(emailUnsubscribes.senderId, userId), eq(emailUnsubscribes.reason, "unsubscribed")))
    .orderBy(desc(emailUnsubscribes.createdAt))
    .limit(200);
  const { rows: unsubscribes } = await db.execute<{ sequence_id: string; n: number }>(sql`
    select s.sequence_id::text, count(distinct s.recruit_id)::int as n
    from email_sends s
    join email_sequences q on q.id = s.sequence_id
    join users r on r.id = s.recruit_id
    join email_unsubscribes u on u.sender_id = q.user_id and u.email = lower(r.email) and u.reason = 'unsubscribed'
    where q.user_id = ${userId} group by 1
  `);
  const { rows: bounces } = await db.execute<{
    email: string;
    status: string;
    sequence: string;
    step: number;
    detail: string | null;
    at: Date;
  }>(sql`
    select lower(r.email) as email, s.status, q.name as sequence, s.step, s.detail, s.sent_at as at
    from email_sends s join email_sequences q on q.id = s.sequence_id join users r on r.id = s.recruit_id
    where q.user_id = ${userId} and s.status in ('bounced', 'soft-bounced')
    order by s.sent_at desc limit 200
  `);
  const total = (id: string, status: string) =>
    counts.filter((c) => c.sequence_id === id && c.status === status).reduce((n, c) => n + Number(c.n), 0);
  return {
    sequences: sequences.map((q) => ({
      id: q.id,
      name: q.name,
      steps: q.steps.map((step, i) => ({
        ...step,
        sent: count(q.id, i, "sent"),
        skipped: count(q.id, i, "unsubscribed") + count(q.id, i, "suppressed"),
        bounced: count(q.id, i, "bounced") + count(q.id, i, "soft-bounced"),
        pending: count(q.id, i, "queued") + count(q.id, i, "deferred"),
      })),
      hardBounces: total(q.id, "bounced"),
      softBounces: total(q.id, "soft-bounced"),
      unsubscribes: Number(unsubscribes.find((u) => u.sequence_id === q.id)?.n ?? 0),
    })),
    unsubscribed: unsubscribed.map((u) => ({ email: u.email, at: u.createdAt.toISOString() })),
    bounces: bounces.map((b) => ({
      email: b.email,
      kind: b.status === "bounced" ? ("hard" as const) : ("soft" as const),
      sequence: b.sequence,
      step: Number(b.step),
      detail: b.detail,
      at: new Date(b.at).toISOString(),
    })),
    sentToday: await sentToday(db, userId, options.now ?? new Date()),
    dailyLimit: DAILY_SEND_LIMIT,
  };
}

export async function createSequence(
  options: Options & { input: { name: string; steps: { day: number; subject: string; body: string }[] } },
): Promise<{ id: string }> {
  await assertEmailAutomation(options.db, options.userId);
  const steps = [...options.input.steps].sort((a, b) => a.day - b.day);
  const [row] = await options.db
    .insert(emailSequences)
    .values({ userId: options.userId, name: options.input.name, steps })
    .returning({ id: emailSequences.id });
  return row;
}

export async function deleteSequence(options: Options & { id: string }): Promise<void> {
  const [gone] = await options.db
    .delete(emailSequences)
    .where(and(eq(emailSequences.id, options.id), eq(emailSequences.userId, options.userId)))
    .returning({ id: emailSequences.id });
  if (!gone) throw notFound("Sequence");
}

/** Records an unsubscribe (idempotent; an address that bounced stays recorded as bounced). */
export async function unsubscribe(db: DbOrTx, senderId: string, email: string): Promise<void> {
  await db.insert(emailUnsubscribes).values({ senderId, email: email.toLowerCase() }).onConflictDoNothing();
}
