import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import { passwordResets, users } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import type { RequestMeta } from "../../http/request-meta";
import type { Mailer } from "../../mail/mailer";
import { recordAudit } from "../audit/audit-log";
import { hashPassword } from "./password";
import { endAllSessions } from "./sessions.service";

const LINK_VALID_MS = 30 * 60 * 1000;
/** Links mailed to one account per hour; past it, requests are answered alike but send nothing. */
const LINKS_PER_HOUR = 3;

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** The path of the page that a reset link opens. */
export const RESET_PATH = "/reset-password";

/**
 * Mails a single-use reset link valid 30 minutes, when the address has an account. The caller
 * answers the same whether it has or not, so nobody learns which addresses have accounts.
 */
export async function requestPasswordReset(options: {
  db: Db;
  mailer: Mailer;
  email: string;
  appUrl: string;
  meta: RequestMeta;
}): Promise<void> {
  const { db, mailer } = options;
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, options.email.toLowerCase()));
  if (!user) return;
  const [recent] = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(
      and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, new Date(Date.now() - 3_600_000))),
    );
  if (recent.n >= LINKS_PER_HOUR) return;

  const token = randomBytes(32).toString("base64url");
  const link = new URL(`${RESET_PATH}?token=${token}`, options.appUrl).toString();
  await db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + LINK_VALID_MS),
    });
    await recordAudit(tx, { userId: user.id, event: "password_reset_requested", meta: options.meta });
    await mailer.send(tx, {
      to: user.email,
      subject: "Reset your ParkPilot password",
      body: [
        "Hello,",
        "",
        "Someone asked to reset the password of your ParkPilot account. To choose a new one,",
        "open this link within 30 minutes (it works once):",
        link,
        "",
        "If it wasn't you, ignore this email: your password stays as it is.",
      ].join("\n"),
    });
  });
}

/**
 * Sets a new password from a reset link: the link is spent (with every other of the account),
 * and every session of the account ends. Two-factor sign-in stays on.
 */
export async function confirmPasswordReset(options: {
  db: Db;
  token: string;
  password: string;
  meta: RequestMeta;
}): Promise<{ userId: string }> {
  const { db } = options;
  const passwordHash = await hashPassword(options.password);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(options.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!spent) {
      throw new AppError(
        "BAD_REQUEST",
        "This reset link is invalid or has expired. Please ask for a new one.",
      );
    }
    const { userId } = spent;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await endAllSessions(tx, userId);
    await recordAudit(tx, { userId, event: "password_reset", meta: options.meta });
    return { userId };
  });
}
