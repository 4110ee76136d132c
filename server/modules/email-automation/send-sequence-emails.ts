import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { referralLinkPath } from "../../../shared/api/affiliates";
import {
  DAILY_SEND_LIMIT,
  EMAIL_AUTOMATION_FEATURE,
  unsubscribePath,
} from "../../../shared/api/email-automation";
import { cleanDisplayName } from "../../../shared/display-name";
import type { Db } from "../../db/pool";
import type { Mailer } from "../../mail/mailer";
import { isEntitled } from "../entitlements/entitlements.service";
import { sentToday } from "./email-automation.service";
import { countedDelivery, type DeliveryCounts, MAIL_ID_HEADER, retryDeferredSends } from "./record-delivery";
import { unsubscribeToken } from "./unsubscribe-token";

type Due = {
  sequence_id: string;
  sender_id: string;
  sender_name: string;
  steps: { day: number; subject: string; body: string }[];
  recruit_id: string;
  recruit_name: string;
  recruit_email: string;
  recruit_code: string;
};

/** `{{name}}`-style fields replaced by their values; unknown fields are left as written. */
export function mergeFields(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * Sends every sequence email that is due: step `i` of a sequence goes to each of the sender's
 * recruits (their referrals) once `day` days have passed since the recruit signed up. An address
 * that unsubscribed from the sender is skipped (recorded, never mailed); at most
 * `DAILY_SEND_LIMIT` emails leave a sender per UTC day, the rest wait. Each email carries
 * List-Unsubscribe headers (one click, RFC 8058) and the link in its text. Each is claimed and
 * queued in the outbox in one transaction, then delivered outside it and its outcome recorded
 * (bounces: record-delivery.ts); sends refused for now by an earlier run are retried first.
 */
export async function sendDueSequenceEmails(options: {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  secret: string;
  now?: Date;
}): Promise<DeliveryCounts> {
  const { db, mailer, appUrl, secret } = options;
  const now = options.now ?? new Date();
  const counts = await retryDeferredSends({ db, mailer, now });
  const deliver = countedDelivery({ db, mailer, now, counts });
  const { rows } = await db.execute<Due>(sql`
    select q.id::text as sequence_id, q.user_id::text as sender_id, s.name as sender_name, q.steps,
      r.id::text as recruit_id, r.name as recruit_name, r.email as recruit_email, r.referral_code as recruit_code
    from email_sequences q
    join users s on s.id = q.user_id
    join affiliates a on a.user_id = q.user_id and a.referred_user_id is not null
    join users r on r.id = a.referred_user_id
    order by q.created_at, r.created_at
  `);
  const created = new Map<string, Date>();
  const { rows: joined } = await db.execute<{ id: string; created_at: Date }>(sql`
    select id::text, created_at from users where id = any(${sql.param([...new Set(rows.map((r) => r.recruit_id))])}::uuid[])
  `);
  for (const j of joined) created.set(j.id, new Date(j.created_at));

  const quota = new Map<string, number>();
  const entitled = new Map<string, boolean>();
  for (const due of rows) {
    if (!entitled.has(due.sender_id)) {
      entitled.set(
        due.sender_id,
        await isEntitled({ db, userId: due.sender_id, feature: EMAIL_AUTOMATION_FEATURE }),
      );
    }
    if (!entitled.get(due.sender_id)) continue;
    const since = created.get(due.recruit_id)?.getTime() ?? now.getTime();
    for (const [step, email] of due.steps.entries()) {
      if (since + email.day * 86_400_000 > now.getTime()) continue;
      if (!quota.has(due.sender_id)) {
        quota.set(due.sender_id, DAILY_SEND_LIMIT - (await sentToday(db, due.sender_id, now)));
      }
      const outcome = await db.transaction(async (tx) => {
        const { rows: off } = await tx.execute<{ reason: string }>(sql`
          select reason from email_unsubscribes where sender_id = ${due.sender_id} and email = lower(${due.recruit_email})
        `);
        const skip = off[0] ? (off[0].reason === "bounced" ? "suppressed" : "unsubscribed") : undefined;
        if (!skip && (quota.get(due.sender_id) ?? 0) <= 0) return undefined;
        // The mail's id rides in a header, so a bounce report that arrives later can name it.
        const mailId = randomUUID();
        const claimed = await tx.execute(sql`
          insert into email_sends (sequence_id, step, recruit_id, status, sent_at, mail_id)
          values (${due.sequence_id}, ${step}, ${due.recruit_id}, ${skip ?? "queued"},
            ${now.toISOString()}::timestamptz, ${skip ? null : mailId}::uuid)
          on conflict do nothing returning step
        `);
        if (claimed.rows.length === 0) return undefined;
        if (skip) return "skipped";
        const senderName = cleanDisplayName(due.sender_name) || "Your ParkPilot referrer";
        const name = cleanDisplayName(due.recruit_name);
        const values = {
          firstName: name.split(/\s+/)[0] || "there",
          name: name || "there",
          referralLink: `${appUrl}${referralLinkPath(due.recruit_code)}`,
          senderName,
        };
        const unsubscribeUrl = `${appUrl}${unsubscribePath(unsubscribeToken(secret, due.sender_id, due.recruit_email))}`;
        await mailer.queue(
          tx,
          {
            to: due.recruit_email,
            subject: mergeFields(email.subject, values).slice(0, 200),
            body: [
              mergeFields(email.body, values),
              "",
              "—",
              `You receive this because you joined ParkPilot through ${senderName}.`,
              `Unsubscribe with one click: ${unsubscribeUrl}`,
            ].join("\n"),
            headers: {
              "List-Unsubscribe": `<${unsubscribeUrl}>`,
              "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
              [MAIL_ID_HEADER]: mailId,
            },
          },
          mailId,
        );
        quota.set(due.sender_id, (quota.get(due.sender_id) ?? 0) - 1);
        return mailId;
      });
      if (outcome === undefined) continue;
      if (outcome === "skipped") {
        counts.skipped += 1;
        continue;
      }
      await deliver({
        sequenceId: due.sequence_id,
        step,
        recruitId: due.recruit_id,
        mailId: outcome,
        attempts: 0,
        senderId: due.sender_id,
        email: due.recruit_email,
      });
    }
  }
  return counts;
}
