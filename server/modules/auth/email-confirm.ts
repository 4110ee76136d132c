import { and, eq, gt, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { emailConfirmations, users } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import type { RequestMeta } from "../../http/request-meta";
import type { Mailer } from "../../mail/mailer";
import { recordAudit } from "../audit/audit-log";
import { conflictFor } from "./auth.service";
import { closeOpenRequests } from "./email-links";
import { hashToken } from "./known-devices";
import { grantIfListed } from "./staff";

const invalidLink = () =>
  new AppError("BAD_REQUEST", "This link is invalid or has expired. Settings can send you a new one.");

/**
 * Opening the link mailed to an address proves it, once and within 30 minutes: a change of
 * address takes effect now, and a new account's address is confirmed. A confirmed address listed
 * in ADMIN_EMAILS makes the account staff (audited, and mailed to the other staff).
 */
export async function confirmEmail(options: {
  db: Db;
  mailer: Mailer;
  token: string;
  adminEmails: string[];
  meta: RequestMeta;
}): Promise<{ email: string }> {
  const { db, meta } = options;
  // Two accounts confirming the same new address at once: the unique index lets one through.
  return confirmOnce(db, options, meta).catch((error: unknown) => {
    throw conflictFor(error) ?? error;
  });
}

async function confirmOnce(db: Db, options: Parameters<typeof confirmEmail>[0], meta: RequestMeta) {
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(emailConfirmations)
      .set({ confirmedAt: new Date() })
      .where(
        and(
          eq(emailConfirmations.tokenHash, hashToken(options.token)),
          isNull(emailConfirmations.confirmedAt),
          isNull(emailConfirmations.cancelledAt),
          gt(emailConfirmations.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!spent) throw invalidLink();
    const [user] = await tx.select().from(users).where(eq(users.id, spent.userId));
    const change = spent.cancelTokenHash !== null;
    const sameAddress = user.email.toLowerCase() === spent.email.toLowerCase();
    // A registration's link proves the address the account had then, and nothing else.
    if (!change && !sameAddress) throw invalidLink();
    // Proven beats unproven: an account that holds the address without having proved it loses
    // it now (a listed staff address can be registered twice until one proves it).
    const holders = await tx
      .select({ id: users.id, proven: users.emailVerifiedAt })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, spent.email.toLowerCase()), ne(users.id, user.id)));
    if (holders.some((h) => h.proven !== null))
      throw new AppError("CONFLICT", "Another account uses this email, so it cannot be yours too.");
    for (const holder of holders) {
      await tx
        .update(users)
        .set({ email: `released-${holder.id}@address.invalid` })
        .where(eq(users.id, holder.id));
      await recordAudit(tx, {
        userId: holder.id,
        event: "email_released",
        meta,
        detail: { email: spent.email, to: user.id },
      });
    }
    await tx
      .update(users)
      .set({ email: spent.email, emailVerifiedAt: new Date() })
      .where(eq(users.id, user.id));
    await closeOpenRequests(tx, user.id);
    await recordAudit(tx, {
      userId: user.id,
      event: change ? "email_changed" : "email_confirmed",
      meta,
      detail: change ? { from: user.email, to: spent.email } : { email: spent.email },
    });
    await grantIfListed(tx, { ...options, userId: user.id, email: spent.email, meta });
    return { email: spent.email };
  });
}

/** The link mailed to the old address: the change it announced never happens. */
export async function cancelEmailChangeByLink(options: { db: Db; token: string; meta: RequestMeta }) {
  const { db } = options;
  const [cancelled] = await db
    .update(emailConfirmations)
    .set({ cancelledAt: new Date() })
    .where(
      and(
        eq(emailConfirmations.cancelTokenHash, hashToken(options.token)),
        isNotNull(emailConfirmations.cancelTokenHash),
        isNull(emailConfirmations.confirmedAt),
        isNull(emailConfirmations.cancelledAt),
      ),
    )
    .returning({ userId: emailConfirmations.userId, email: emailConfirmations.email });
  if (!cancelled) {
    throw new AppError(
      "BAD_REQUEST",
      "There is no waiting change for this link: it was cancelled already, or the new address was confirmed. If you did not make that change, reset your password.",
    );
  }
  await recordAudit(db, {
    userId: cancelled.userId,
    event: "email_change_cancelled",
    meta: options.meta,
    detail: { to: cancelled.email, by: "email link" },
  });
  return { message: "The change of email is cancelled: your account keeps its address." };
}
