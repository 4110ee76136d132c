import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { referralPath, type TAffiliate, type TAffiliateLevel } from "../../../shared/api/affiliates";
import { cleanDisplayName } from "../../../shared/display-name";
import { affiliates, users } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import type { Mailer } from "../../mail/mailer";
import { toAffiliate } from "./affiliates.service";
import { commissionRateFor } from "./commission-rate";

/**
 * Invitation codes are longer than personal codes (users.referral_code), so the two kinds of
 * code never collide.
 */
export const newInvitationCode = () => randomBytes(9).toString("base64url");

/**
 * Invites someone by email: records the invitation with its own referral code and mails them
 * the registration link. Refuses the user's own address, an address they already invited and
 * an address that already has an account (it could never register through the link).
 */
export async function inviteAffiliate(options: {
  db: Db;
  mailer: Mailer;
  userId: string;
  input: { email: string; level: TAffiliateLevel };
  /** Origin the link in the email points to: "https://app.example.com". */
  appUrl: string;
}): Promise<TAffiliate> {
  const { db, mailer, userId, input } = options;
  const email = input.email.toLowerCase();

  return db.transaction(async (tx) => {
    const [inviter] = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    if (!inviter) throw new AppError("UNAUTHORIZED", "Please sign in to continue");
    if (inviter.email.toLowerCase() === email) {
      throw new AppError("CONFLICT", "You can't invite your own email address.");
    }
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    if (member) throw new AppError("CONFLICT", "This email address already has an account.");

    const [row] = await tx
      .insert(affiliates)
      .values({
        userId,
        email: input.email,
        level: input.level,
        commissionRate: await commissionRateFor(tx, { userId, level: input.level }),
        referralCode: newInvitationCode(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError("CONFLICT", "You have already invited this email address.");

    const link = new URL(referralPath(row.referralCode), options.appUrl).toString();
    // Names saved before names were cleaned on input may still carry an override character.
    const inviterName = cleanDisplayName(inviter.name) || "A ParkPilot user";
    await mailer.send(tx, {
      to: input.email,
      subject: `${inviterName} invited you to join ParkPilot`,
      body: [
        "Hello,",
        "",
        `${inviterName} has invited you to ParkPilot, the revenue platform for domain owners,`,
        `as a level ${row.level} affiliate.`,
        "",
        "Create your account through this link to accept the invitation:",
        link,
        "",
        "If you weren't expecting this email, you can ignore it.",
      ].join("\n"),
    });
    return toAffiliate(row);
  });
}
