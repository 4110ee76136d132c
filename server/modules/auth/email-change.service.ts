import { and, eq, ne, sql } from "drizzle-orm";
import type { TEmailStatus } from "../../../shared/api/auth/email";
import { type User, users } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import type { RequestMeta } from "../../http/request-meta";
import { recordAudit } from "../audit/audit-log";
import {
  assertMailBudget,
  closeOpenRequests,
  type LinkMail,
  mailCancelLink,
  mailConfirmationLink,
  openRequest,
} from "./email-links";

const signedOut = () => new AppError("UNAUTHORIZED", "Please sign in to continue");

async function accountOf(db: Db, userId: string): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw signedOut();
  return user;
}

async function heldByAnother(db: Db, email: string, userId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, userId)));
  return other !== undefined;
}

/** What Settings shows: the address in use, whether it is proven, and a change waiting for its link. */
export async function emailStatus(options: { db: Db; userId: string }): Promise<TEmailStatus> {
  const user = await accountOf(options.db, options.userId);
  const open = await openRequest(options.db, user.id);
  const change = open && open.cancelTokenHash !== null ? open : undefined;
  return {
    email: user.email,
    confirmed: user.emailVerifiedAt !== null,
    pending: change ? { email: change.email, expiresAt: change.expiresAt.toISOString() } : null,
  };
}

/**
 * A new address waits for the link mailed to it; the current one is told, with a link that
 * cancels. The answer is the same whether another account holds the address or not: that
 * account's owner is told by mail, and the change can never be confirmed.
 */
export async function requestEmailChange(
  options: LinkMail & { db: Db; userId: string; email: string; meta: RequestMeta },
): Promise<void> {
  const { db, email } = options;
  const user = await accountOf(db, options.userId);
  await assertMailBudget(db, user.id);
  const taken = await heldByAnother(db, email, user.id);
  await db.transaction(async (tx) => {
    await closeOpenRequests(tx, user.id);
    const cancelTokenHash = await mailCancelLink(tx, { ...options, user, newEmail: email });
    await mailConfirmationLink(tx, { ...options, user, email, change: true, taken, cancelTokenHash });
    await recordAudit(tx, {
      userId: user.id,
      event: "email_change_requested",
      meta: options.meta,
      detail: { from: user.email, to: email },
    });
  });
}

/** Mails the waiting link again, a fresh one: for the change of address, or the account's own address. */
export async function resendConfirmation(options: LinkMail & { db: Db; userId: string }): Promise<void> {
  const { db } = options;
  const user = await accountOf(db, options.userId);
  const open = await openRequest(db, user.id);
  const change = open?.cancelTokenHash ? open : undefined;
  if (!change && user.emailVerifiedAt) throw new AppError("CONFLICT", "Your email is already confirmed.");
  await assertMailBudget(db, user.id);
  const email = change?.email ?? user.email;
  const taken = change ? await heldByAnother(db, email, user.id) : false;
  await db.transaction(async (tx) => {
    await closeOpenRequests(tx, user.id);
    await mailConfirmationLink(tx, {
      ...options,
      user,
      email,
      change: change !== undefined,
      taken,
      cancelTokenHash: change?.cancelTokenHash ?? undefined,
    });
  });
}

/** The owner drops the waiting change from Settings. */
export async function cancelPendingChange(options: { db: Db; userId: string; meta: RequestMeta }) {
  const { db, userId } = options;
  const open = await openRequest(db, userId);
  if (!open?.cancelTokenHash) throw new AppError("NOT_FOUND", "No change of email is waiting.");
  await db.transaction(async (tx) => {
    await closeOpenRequests(tx, userId);
    await recordAudit(tx, {
      userId,
      event: "email_change_cancelled",
      meta: options.meta,
      detail: { to: open.email, by: "settings" },
    });
  });
}
