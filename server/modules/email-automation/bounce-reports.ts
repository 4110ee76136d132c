import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/pool";
import { AppError, notFound } from "../../http/app-error";

/** A bounce the mail provider learnt of after accepting the email (a delivery status notification). */
export const ZBounceReport = z.object({
  /** The `X-ParkPilot-Mail-Id` header of the bounced email. */
  mailId: z.uuid(),
  recipient: z.email().max(320),
  type: z.enum(["hard", "soft"]),
  detail: z.string().max(500).optional(),
});

/** `sha256=<hex>`: the HMAC-SHA256 of the exact body with the shared secret. */
export function bounceSignature(secret: string, rawBody: Buffer): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`;
}

/**
 * `POST /api/webhooks/mail-bounces` (docs/affiliates.md#email-automation): a signed report of a
 * bounce the provider received after it accepted the email. The email must be a sequence email
 * sent to that recipient. A hard bounce marks the send bounced and suppresses the address for
 * the sender; a soft one marks a delivered send soft-bounced. Idempotent.
 */
export async function recordBounceReport(options: {
  db: Db;
  secret: string | undefined;
  rawBody: Buffer;
  signature: string | undefined;
}): Promise<{ status: string }> {
  if (!options.secret) throw notFound("Bounce reports");
  const expected = Buffer.from(bounceSignature(options.secret, options.rawBody));
  const given = Buffer.from(options.signature ?? "");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError("UNAUTHORIZED", "The bounce report's signature does not match.");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(options.rawBody.toString("utf8"));
  } catch {
    throw new AppError("BAD_REQUEST", "The bounce report is not JSON.");
  }
  const report = ZBounceReport.parse(parsed);
  return options.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ sender_id: string; status: string }>(sql`
      select q.user_id::text as sender_id, s.status from email_sends s
      join email_sequences q on q.id = s.sequence_id
      join mail_outbox m on m.id = s.mail_id
      where s.mail_id = ${report.mailId}::uuid and lower(m."to") = lower(${report.recipient})
      for update of s
    `);
    const send = rows[0];
    if (!send) throw notFound("Sequence email to that recipient");
    const status = report.type === "hard" ? "bounced" : send.status === "sent" ? "soft-bounced" : send.status;
    const detail = report.detail ?? `${report.type} bounce reported by the mail provider`;
    await tx.execute(sql`
      update email_sends set status = ${status}, detail = ${detail} where mail_id = ${report.mailId}::uuid
    `);
    if (status === "bounced") {
      await tx.execute(sql`
        insert into email_unsubscribes (sender_id, email, reason, detail)
        values (${send.sender_id}, lower(${report.recipient}), 'bounced', ${detail})
        on conflict do nothing
      `);
    }
    return { status };
  });
}
