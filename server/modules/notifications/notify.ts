import { eq } from "drizzle-orm";
import { NOTIFICATION_KINDS, type TNotificationKind } from "../../../shared/api/notifications";
import { notifications, users } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import type { Mail, Mailer } from "../../mail/mailer";

export interface NewNotification {
  userId: string;
  kind: TNotificationKind;
  title: string;
  body: string;
  /** The app path of what it is about, e.g. `/payments`. */
  href: string;
}

/** The switch of Settings → Notifications that lets each kind be emailed, as its column. */
const SWITCH_COLUMNS = {
  revenueAlerts: users.notifyRevenue,
  expiryWarnings: users.notifyExpiry,
  affiliateUpdates: users.notifyAffiliate,
} as const;

/**
 * Tells the user something happened: a notification for the bell, and with `mail`, the email
 * about it too, unless the kind is one the user chose not to be emailed about. Call it inside the
 * transaction of the event, so that both go, or neither does.
 */
export async function notify(
  tx: DbOrTx,
  notification: NewNotification,
  mail?: { mailer: Mailer } & Omit<Mail, "to">,
): Promise<void> {
  await tx.insert(notifications).values(notification);
  if (!mail) return;
  const [owner] = await tx
    .select({ email: users.email, ...SWITCH_COLUMNS })
    .from(users)
    .where(eq(users.id, notification.userId));
  const preference = NOTIFICATION_KINDS[notification.kind];
  if (!owner || (preference && !owner[preference])) return;
  await mail.mailer.send(tx, { to: owner.email, subject: mail.subject, body: mail.body });
}

/** Many notifications in one statement, none emailed (a job's batch: funds released). */
export async function notifyAll(tx: DbOrTx, batch: NewNotification[]): Promise<void> {
  if (batch.length > 0) await tx.insert(notifications).values(batch);
}
