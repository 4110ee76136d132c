import { desc } from "drizzle-orm";
import { mailOutbox } from "../../../shared/schema";
import type { Db } from "../../db/pool";

/** Mails the page lists: enough to find a recent link, not the whole history. */
const SHOWN = 100;

export interface DevMail {
  to: string;
  subject: string;
  text: string;
  /** Every http(s) address in the text, in order: the links a person would click. */
  links: string[];
  /** When the app wrote it to the outbox (whether or not SMTP delivered it). */
  sentAt: string;
}

const LINK = /https?:\/\/[^\s<>"]+/g;

/** The newest mail of the outbox first, for the development mail page. */
export async function listDevMail(db: Db): Promise<DevMail[]> {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(SHOWN);
  return rows.map((row) => ({
    to: row.to,
    subject: row.subject,
    text: row.body,
    links: row.body.match(LINK) ?? [],
    sentAt: row.createdAt.toISOString(),
  }));
}
