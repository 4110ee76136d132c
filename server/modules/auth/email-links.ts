import { randomBytes } from "node:crypto";
import { and, count, desc, eq, gt, isNull } from "drizzle-orm";
import {
  CANCEL_EMAIL_CHANGE_PATH,
  CONFIRM_EMAIL_PATH,
  EMAIL_LINK_VALID_MINUTES,
} from "../../../shared/api/auth/email";
import { emailConfirmations } from "../../../shared/schema";
import type { DbOrTx, Tx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import type { Mailer } from "../../mail/mailer";
import { hashToken } from "./known-devices";

/** Confirmation mails one account may cause per hour (registration, changes and resends together). */
const MAILS_PER_HOUR = 5;

export interface LinkMail {
  mailer: Mailer;
  appUrl: string;
  /** ADMIN_EMAILS: the mail to a listed address says that opening the link makes the account staff. */
  adminEmails: string[];
}

const newToken = () => randomBytes(32).toString("base64url");
const linkTo = (appUrl: string, path: string, token: string) =>
  new URL(`${path}?token=${token}`, appUrl).toString();

/** The account's open request (a change, or its own address at registration), newest first. */
export async function openRequest(db: DbOrTx, userId: string) {
  const [open] = await db
    .select()
    .from(emailConfirmations)
    .where(
      and(
        eq(emailConfirmations.userId, userId),
        isNull(emailConfirmations.confirmedAt),
        isNull(emailConfirmations.cancelledAt),
      ),
    )
    .orderBy(desc(emailConfirmations.createdAt))
    .limit(1);
  return open;
}

/** Refuses a sixth confirmation mail within the hour, so the form cannot mail anyone in bulk. */
export async function assertMailBudget(db: DbOrTx, userId: string): Promise<void> {
  const [recent] = await db
    .select({ n: count() })
    .from(emailConfirmations)
    .where(
      and(
        eq(emailConfirmations.userId, userId),
        gt(emailConfirmations.createdAt, new Date(Date.now() - 3_600_000)),
      ),
    );
  if (recent.n >= MAILS_PER_HOUR) {
    throw new AppError("TOO_MANY_REQUESTS", "Too many confirmation emails. Please try again in an hour.", {
      retryAfterSeconds: 3600,
    });
  }
}

/** Ends every open request of the account: a newer one replaces them, or one was just confirmed. */
export async function closeOpenRequests(tx: DbOrTx, userId: string): Promise<void> {
  await tx
    .update(emailConfirmations)
    .set({ cancelledAt: new Date() })
    .where(
      and(
        eq(emailConfirmations.userId, userId),
        isNull(emailConfirmations.confirmedAt),
        isNull(emailConfirmations.cancelledAt),
      ),
    );
}

/**
 * Stores a single-use link (its hash) for `email` and mails it there. `taken`: another account
 * holds the address, so its owner is told that instead and gets no link; whoever asked sees the
 * same answer either way.
 */
export async function mailConfirmationLink(
  tx: Tx,
  options: LinkMail & {
    user: { id: string; name: string; username: string };
    email: string;
    change: boolean;
    taken?: boolean;
    cancelTokenHash?: string;
  },
): Promise<void> {
  const token = newToken();
  await tx.insert(emailConfirmations).values({
    userId: options.user.id,
    email: options.email,
    tokenHash: hashToken(token),
    cancelTokenHash: options.cancelTokenHash ?? null,
    expiresAt: new Date(Date.now() + EMAIL_LINK_VALID_MINUTES * 60_000),
  });
  const link = linkTo(options.appUrl, CONFIRM_EMAIL_PATH, token);
  const body = options.taken
    ? [
        "Hello,",
        "",
        "Someone asked to move a ParkPilot account to this address, but another ParkPilot account",
        "already uses it, so nothing will change. If you use that account, you need do nothing.",
      ]
    : [
        `Hi ${options.user.name},`,
        "",
        options.change
          ? "You asked to sign in to ParkPilot with this address. It takes effect when you open this link:"
          : "Welcome to ParkPilot. Please confirm that this address is yours by opening this link:",
        link,
        "",
        `The link works once, within ${EMAIL_LINK_VALID_MINUTES} minutes; Settings can send a new one.`,
        "If you did not ask for this, ignore this email: nothing changes.",
        ...(options.adminEmails.includes(options.email.toLowerCase())
          ? [
              "",
              `This address is one of ParkPilot's staff addresses: opening the link makes the account ${options.user.username}`,
              "ParkPilot staff. Open it only if you created that account yourself.",
            ]
          : []),
      ];
  await options.mailer.send(tx, {
    to: options.email,
    subject: options.taken ? "This address already has a ParkPilot account" : "Confirm your ParkPilot email",
    body: body.join("\n"),
  });
}

/**
 * Tells the account's current address that a change to `newEmail` waits, with a link that
 * cancels it; answers the hash of that link's token.
 */
export async function mailCancelLink(
  tx: Tx,
  options: LinkMail & { user: { name: string; email: string }; newEmail: string },
): Promise<string> {
  const token = newToken();
  await options.mailer.send(tx, {
    to: options.user.email,
    subject: "Your ParkPilot email is about to change",
    body: [
      `Hi ${options.user.name},`,
      "",
      `Someone signed in to your account asked to change its email to ${options.newEmail}.`,
      "It changes only when the link sent to that address is opened.",
      "",
      "If this was not you, cancel the change with this link and change your password:",
      linkTo(options.appUrl, CANCEL_EMAIL_CHANGE_PATH, token),
    ].join("\n"),
  });
  return hashToken(token);
}
