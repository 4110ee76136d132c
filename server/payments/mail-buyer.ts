import { eq } from "drizzle-orm";
import { users } from "../../shared/schema";
import type { Tx } from "../db/tx";
import type { Mailer } from "../mail/mailer";

/** Mails the buyer of an order, greeted by name, inside the order's transaction. */
export async function mailBuyer(
  tx: Tx,
  mailer: Mailer,
  mail: { userId: string; subject: string; lines: string[] },
): Promise<void> {
  const [buyer] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, mail.userId));
  await mailer.send(tx, {
    to: buyer.email,
    subject: mail.subject,
    body: [`Hi ${buyer.name},`, "", ...mail.lines].join("\n"),
  });
}
