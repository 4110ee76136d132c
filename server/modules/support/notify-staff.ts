import { eq } from "drizzle-orm";
import { users } from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import type { Mailer } from "../../mail/mailer";

/**
 * Tells support that a user wrote: to SUPPORT_EMAIL when it is set (a shared inbox), otherwise to
 * every staff account.
 */
export async function notifyStaff(
  tx: Tx,
  options: { mailer: Mailer; supportEmail?: string; subject: string; body: string },
): Promise<void> {
  const recipients = options.supportEmail
    ? [options.supportEmail]
    : (await tx.select({ email: users.email }).from(users).where(eq(users.role, "staff"))).map(
        (u) => u.email,
      );
  for (const to of recipients)
    await options.mailer.send(tx, { to, subject: options.subject, body: options.body });
}
