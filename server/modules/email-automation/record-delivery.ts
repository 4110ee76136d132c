import { sql } from "drizzle-orm";
import type { Db } from "../../db/pool";
import type { DeliveryOutcome, Mailer } from "../../mail/mailer";

/** The header naming a sequence email's outbox id, which a provider's bounce report echoes. */
export const MAIL_ID_HEADER = "X-ParkPilot-Mail-Id";

/** A sequence email refused for now is tried this many times in all (one try a job run). */
export const MAX_DELIVERY_ATTEMPTS = 3;

export type SendKey = { sequenceId: string; step: number; recruitId: string };
export type Delivered = "sent" | "bounced" | "deferred" | "soft-bounced";

/**
 * Tries one claimed sequence email once and records the outcome on its send
 * (docs/affiliates.md#email-automation): delivered (or kept in the outbox) is sent; a 5xx
 * answer is a hard bounce, and the address is suppressed for every sequence of the sender, like
 * an unsubscribe; a 4xx answer (or none) is deferred to the next run, a soft bounce after
 * `MAX_DELIVERY_ATTEMPTS` tries.
 */
export async function deliverSequenceEmail(options: {
  db: Db;
  mailer: Mailer;
  send: SendKey & { mailId: string; attempts: number; senderId: string; email: string };
  now: Date;
}): Promise<Delivered> {
  const { db, send, now } = options;
  const outcome: DeliveryOutcome = await options.mailer.deliverNow(send.mailId);
  const attempts = send.attempts + 1;
  const status: Delivered =
    outcome.status === "delivered" || outcome.status === "kept"
      ? "sent"
      : outcome.status === "rejected"
        ? "bounced"
        : attempts >= MAX_DELIVERY_ATTEMPTS
          ? "soft-bounced"
          : "deferred";
  const detail = "detail" in outcome ? outcome.detail : null;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update email_sends set status = ${status}, attempts = ${attempts}, detail = ${detail},
        sent_at = ${now.toISOString()}::timestamptz
      where sequence_id = ${send.sequenceId} and step = ${send.step} and recruit_id = ${send.recruitId}
    `);
    if (status === "bounced") {
      await tx.execute(sql`
        insert into email_unsubscribes (sender_id, email, reason, detail)
        values (${send.senderId}, lower(${send.email}), 'bounced', ${detail})
        on conflict do nothing
      `);
    }
  });
  return status;
}

/** A run's count of sends by outcome. */
export type DeliveryCounts = Record<Delivered | "skipped", number>;

/** Delivers a run's claimed sends one at a time (`deliverSequenceEmail`), adding each outcome to `counts`. */
export function countedDelivery(options: { db: Db; mailer: Mailer; now: Date; counts: DeliveryCounts }) {
  const { db, mailer, now, counts } = options;
  return async (send: Parameters<typeof deliverSequenceEmail>[0]["send"]) => {
    counts[await deliverSequenceEmail({ db, mailer, send, now })] += 1;
  };
}

/**
 * Sends refused for now in an earlier run (or claimed by a run that stopped before trying them)
 * are tried again, unless the address has since unsubscribed or bounced.
 */
export async function retryDeferredSends(options: {
  db: Db;
  mailer: Mailer;
  now: Date;
}): Promise<DeliveryCounts> {
  const { db, mailer, now } = options;
  const { rows } = await db.execute<{
    sequence_id: string;
    step: number;
    recruit_id: string;
    mail_id: string;
    attempts: number;
    sender_id: string;
    email: string;
    off: string | null;
  }>(sql`
    select s.sequence_id::text, s.step, s.recruit_id::text, s.mail_id::text, s.attempts,
      q.user_id::text as sender_id, r.email, u.reason as off
    from email_sends s
    join email_sequences q on q.id = s.sequence_id
    join users r on r.id = s.recruit_id
    left join email_unsubscribes u on u.sender_id = q.user_id and u.email = lower(r.email)
    where s.mail_id is not null and (s.status = 'deferred'
      or (s.status = 'queued' and s.sent_at < ${now.toISOString()}::timestamptz - interval '10 minutes'))
    order by s.sent_at
  `);
  const counts = { sent: 0, bounced: 0, deferred: 0, "soft-bounced": 0, skipped: 0 };
  const deliver = countedDelivery({ db, mailer, now, counts });
  for (const row of rows) {
    const key = { sequenceId: row.sequence_id, step: Number(row.step), recruitId: row.recruit_id };
    if (row.off) {
      await db.execute(sql`
        update email_sends set status = ${row.off === "bounced" ? "suppressed" : "unsubscribed"}
        where sequence_id = ${key.sequenceId} and step = ${key.step} and recruit_id = ${key.recruitId}
      `);
      counts.skipped += 1;
      continue;
    }
    await deliver({
      ...key,
      mailId: row.mail_id,
      attempts: Number(row.attempts),
      senderId: row.sender_id,
      email: row.email,
    });
  }
  return counts;
}
