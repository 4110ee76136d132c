import { and, eq, isNull } from "drizzle-orm";
import { mailOutbox } from "../../shared/schema";
import type { Db } from "../db/pool";
import type { DbOrTx } from "../db/tx";
import { loadOnce } from "../lib/load-once";
import type { Logger } from "../lib/logger";

export interface Mail {
  to: string;
  subject: string;
  body: string;
  /** Extra headers (List-Unsubscribe on marketing mail). */
  headers?: Record<string, string>;
}

/**
 * What became of one delivery attempt: handed to the mail server; kept in the outbox (no SMTP
 * configured); refused for good (a 5xx answer: a hard bounce); or refused for now (a 4xx answer,
 * or no answer at all), worth another try.
 */
export type DeliveryOutcome =
  | { status: "delivered" | "kept" }
  | { status: "rejected" | "deferred"; detail: string };

export interface Mailer {
  /**
   * Records the mail in the outbox, inside the caller's transaction when one is passed, so an
   * action that rolls back sends nothing. With SMTP configured, committed mail is then delivered.
   */
  send(db: DbOrTx, mail: Mail): Promise<void>;
  /** Delivers at once what is still waiting to be sent: a command that exits does so first. */
  flush(): Promise<void>;
  /**
   * Records the mail in the outbox (inside the caller's transaction), under `id` when given,
   * without delivering it: the caller delivers it with `deliverNow` once committed, and learns
   * what became of it.
   */
  queue(db: DbOrTx, mail: Mail, id?: string): Promise<string>;
  /** One delivery attempt of a committed outbox mail, awaited, with its outcome. */
  deliverNow(mailId: string): Promise<DeliveryOutcome>;
}

type SmtpError = { responseCode?: number; response?: string; message?: string; rejectedErrors?: SmtpError[] };

/** A 5xx answer (at RCPT or DATA) refuses the address for good; anything else may pass later. */
export function classifySmtpError(error: unknown): DeliveryOutcome {
  const smtp = (error ?? {}) as SmtpError;
  const first = smtp.rejectedErrors?.[0];
  const code = smtp.responseCode ?? first?.responseCode;
  const detail = String(smtp.response ?? first?.response ?? smtp.message ?? "no answer").slice(0, 500);
  return { status: code !== undefined && code >= 500 && code < 600 ? "rejected" : "deferred", detail };
}

const DELIVERY_RETRIES = [50, 500, 2_000];

/** SMTP when `smtpUrl` is set; otherwise every mail stays in the outbox table and is logged. */
export function createMailer(options: { db: Db; smtpUrl?: string; from: string; logger: Logger }): Mailer {
  const { db, logger } = options;
  const { smtpUrl } = options;
  // nodemailer loads with the first mail delivered, not with every start.
  const transport = smtpUrl
    ? loadOnce(async () => (await import("nodemailer")).default.createTransport(smtpUrl))
    : undefined;

  // Reads through the pool, so it only ever sees mail whose transaction has committed.
  const deliver = async (id: string, attempt = 0): Promise<void> => {
    if (!transport) return;
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
    if (!mail) {
      const wait = DELIVERY_RETRIES[attempt];
      if (wait !== undefined) setTimeout(() => void deliver(id, attempt + 1).catch(report(id)), wait).unref();
      return;
    }
    await (await transport()).sendMail({
      from: options.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.body,
      ...(mail.headers ? { headers: mail.headers } : {}),
    });
    await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
  };
  const report = (id: string) => (err: unknown) => logger.error({ err, mailId: id }, "mail delivery failed");
  const scheduled = new Set<string>();

  return {
    async send(tx, mail) {
      const [row] = await tx.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      if (!transport) {
        logger.info(
          { mailId: row.id, to: mail.to, subject: mail.subject },
          "mail kept in the outbox (no SMTP configured)",
        );
        return;
      }
      scheduled.add(row.id);
      setTimeout(() => {
        if (scheduled.delete(row.id)) void deliver(row.id).catch(report(row.id));
      }, DELIVERY_RETRIES[0]).unref();
    },
    async queue(tx, mail, id) {
      const [row] = await tx
        .insert(mailOutbox)
        .values(id ? { ...mail, id } : mail)
        .returning({ id: mailOutbox.id });
      return row.id;
    },
    async deliverNow(mailId) {
      if (!transport) return { status: "kept" };
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
      if (!mail) return { status: "deferred", detail: "not in the outbox" };
      if (mail.sentAt) return { status: "delivered" };
      try {
        const info = await (await transport()).sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.body,
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
        if (info.rejected.length > 0) return classifySmtpError(info);
      } catch (error) {
        return classifySmtpError(error);
      }
      await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, mailId));
      return { status: "delivered" };
    },
    async flush() {
      const ids = [...scheduled];
      scheduled.clear();
      await Promise.all(ids.map((id) => deliver(id).catch(report(id))));
    },
  };
}
