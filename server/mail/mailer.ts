import { and, eq, isNull } from "drizzle-orm";
import nodemailer from "nodemailer";
import { mailOutbox } from "../../shared/schema";
import type { Db } from "../db/pool";
import type { DbOrTx } from "../db/tx";
import type { Logger } from "../logger";

export interface Mail {
  to: string;
  subject: string;
  body: string;
  /** Extra headers (List-Unsubscribe on marketing mail). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /**
   * Records the mail in the outbox, inside the caller's transaction when one is passed, so an
   * action that rolls back sends nothing. With SMTP configured, committed mail is then delivered.
   */
  send(db: DbOrTx, mail: Mail): Promise<void>;
  /** Delivers at once what is still waiting to be sent: a command that exits does so first. */
  flush(): Promise<void>;
}

const DELIVERY_RETRIES = [50, 500, 2_000];

/** SMTP when `smtpUrl` is set; otherwise every mail stays in the outbox table and is logged. */
export function createMailer(options: { db: Db; smtpUrl?: string; from: string; logger: Logger }): Mailer {
  const { db, logger } = options;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;

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
    await transport.sendMail({
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
    async flush() {
      const ids = [...scheduled];
      scheduled.clear();
      await Promise.all(ids.map((id) => deliver(id).catch(report(id))));
    },
  };
}
