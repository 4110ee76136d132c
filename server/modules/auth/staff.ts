import { and, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { users } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { Tx } from "../../db/tx";
import type { RequestMeta } from "../../http/request-meta";
import type { Mailer } from "../../mail/mailer";
import { recordAudit } from "../audit/audit-log";

/** What made an account staff: the operator's command, or ADMIN_EMAILS for a confirmed address. */
export type StaffGrantSource = "command line" | "ADMIN_EMAILS";

/** How grants made outside a request appear in the audit log. */
const SOURCE_META: Record<StaffGrantSource, RequestMeta> = {
  "command line": { address: "command line", userAgent: "npm run admin:grant" },
  ADMIN_EMAILS: { address: "server", userAgent: "ADMIN_EMAILS" },
};

/**
 * Makes one ordinary account staff: the grant is audited on the account and every other staff
 * member is mailed, so a grant nobody expected is seen. False when it was staff already.
 */
export async function grantStaff(
  tx: Tx,
  options: { mailer: Mailer; userId: string; source: StaffGrantSource; meta?: RequestMeta },
): Promise<boolean> {
  const { mailer, source } = options;
  const [granted] = await tx
    .update(users)
    .set({ role: "staff" })
    .where(and(eq(users.id, options.userId), eq(users.role, "user")))
    .returning({ id: users.id, email: users.email, name: users.name });
  if (!granted) return false;
  await recordAudit(tx, {
    userId: granted.id,
    event: "staff_granted",
    meta: options.meta ?? SOURCE_META[source],
    detail: { by: source },
  });
  const others = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "staff"), ne(users.id, granted.id)));
  for (const { email } of others) {
    await mailer.send(tx, {
      to: email,
      subject: `${granted.email} is now ParkPilot staff`,
      body: [
        `${granted.name} (${granted.email}) was made staff by ${source === "ADMIN_EMAILS" ? "ADMIN_EMAILS, once the address was confirmed" : "the command line (npm run admin:grant)"}.`,
        "Staff can open the operator console: every account, payout and order.",
        "",
        `If nobody meant to, revoke it at once: npm run admin:revoke -- ${granted.email}`,
      ].join("\n"),
    });
  }
  return true;
}

/** ADMIN_EMAILS for one account whose address was just proven: staff when it is listed. */
export async function grantIfListed(
  tx: Tx,
  options: { mailer: Mailer; userId: string; email: string; adminEmails: string[]; meta?: RequestMeta },
): Promise<void> {
  if (!options.adminEmails.includes(options.email.toLowerCase())) return;
  await grantStaff(tx, { ...options, source: "ADMIN_EMAILS" });
}

/**
 * ADMIN_EMAILS at start: the listed accounts whose address is confirmed become staff. An
 * unconfirmed one waits for its link; an address nobody proved never makes staff.
 */
export async function grantAdminEmails(options: { db: Db; mailer: Mailer; emails: string[] }): Promise<void> {
  if (options.emails.length === 0) return;
  const listed = await options.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(sql`lower(${users.email})`, options.emails),
        isNotNull(users.emailVerifiedAt),
        eq(users.role, "user"),
      ),
    );
  for (const { id } of listed) {
    await options.db.transaction((tx) =>
      grantStaff(tx, { mailer: options.mailer, userId: id, source: "ADMIN_EMAILS" }),
    );
  }
}

export type CommandLineGrant =
  | { done: true; email: string }
  | { done: false; reason: "no account" | "unconfirmed" };

/**
 * `npm run admin:grant`: makes the account with `email` staff. An address its owner has not
 * confirmed is refused unless the operator says they know the account (`allowUnconfirmed`).
 */
export async function grantStaffByEmail(options: {
  db: Db;
  mailer: Mailer;
  email: string;
  allowUnconfirmed?: boolean;
}): Promise<CommandLineGrant> {
  const [user] = await options.db
    .select({ id: users.id, email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(sql`lower(${users.email})`, options.email.toLowerCase()));
  if (!user) return { done: false, reason: "no account" };
  if (!user.verifiedAt && !options.allowUnconfirmed) return { done: false, reason: "unconfirmed" };
  await options.db.transaction((tx) =>
    grantStaff(tx, { mailer: options.mailer, userId: user.id, source: "command line" }),
  );
  return { done: true, email: user.email };
}

/** `npm run admin:revoke`: the account is an ordinary user again; answers its address, or undefined when none uses it. */
export async function revokeStaff(db: Db, email: string): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(users)
      .set({ role: "user" })
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .returning({ id: users.id, email: users.email, role: users.role });
    if (revoked)
      await recordAudit(tx, {
        userId: revoked.id,
        event: "staff_revoked",
        meta: { address: "command line", userAgent: "npm run admin:revoke" },
      });
    return revoked?.email;
  });
}
