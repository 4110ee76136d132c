import { randomBytes } from "node:crypto";
import { and, eq, ne, or, sql } from "drizzle-orm";
import type {
  TChangePasswordBody,
  TProfileBody,
  TRegisterBody,
  TSessionUser,
} from "../../../shared/api/auth/sign-in";
import { sessions, type User, users } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import { openBalance } from "../ledger/balance-lock";
import { dummyHash, hashPassword, verifyPassword } from "./password";

export function toSessionUser(user: User): TSessionUser {
  const { id, name, email, username, plan, timeZone, referralCode } = user;
  return { id, name, email, username, plan, timeZone, referralCode };
}

const newReferralCode = () => randomBytes(6).toString("base64url");

function validTimeZone(zone: string | undefined): string {
  if (!zone) return "UTC";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone;
  } catch {
    return "UTC";
  }
}

/** Names the field a unique index refused, so the user is told which one is taken. */
export function conflictFor(error: unknown): AppError | undefined {
  const pgError =
    (error as { cause?: { code?: string; constraint?: string } }).cause ??
    (error as { code?: string; constraint?: string });
  if (pgError?.code !== "23505") return undefined;
  if (pgError.constraint?.includes("email"))
    return new AppError("CONFLICT", "An account with this email already exists.");
  if (pgError.constraint?.includes("username"))
    return new AppError("CONFLICT", "This username is already taken.");
  return new AppError("CONFLICT", "This account already exists.");
}

/**
 * Refuses a username or address another account has. A listed staff address (`ADMIN_EMAILS`) held
 * only by accounts that never proved it stays open to whoever proves it (docs/security.md#staff-and-the-operator-console):
 * an unconfirmed registration must not keep the operator out.
 */
async function assertAvailable(
  db: Db,
  input: { username: string; email?: string },
  exceptUserId?: string,
  adminEmails: string[] = [],
) {
  const email = input.email?.toLowerCase();
  const taken = await db
    .select({ username: users.username, email: users.email, proven: users.emailVerifiedAt })
    .from(users)
    .where(
      and(
        or(
          eq(sql`lower(${users.username})`, input.username.toLowerCase()),
          email ? eq(sql`lower(${users.email})`, email) : undefined,
        ),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    );
  const holders = taken.filter((u) => u.email.toLowerCase() === email);
  const open = email !== undefined && adminEmails.includes(email) && holders.every((u) => u.proven === null);
  if (holders.length > 0 && !open) {
    throw new AppError("CONFLICT", "An account with this email already exists.");
  }
  if (taken.length > holders.length) throw new AppError("CONFLICT", "This username is already taken.");
}

/** Where a registration came from: what a referral is linked by and checked against. */
export interface RegisteredFrom {
  referralCode?: string;
  /** The short referral link's click that brought the visitor, when there was one. */
  referralClick?: string;
  /** The device cookie's token the registering browser sent, if any. */
  deviceToken?: string;
  /** The client's address (behind `TRUST_PROXY`, the proxy's forwarded one). */
  address?: string;
}

/** Hook run inside the registration transaction, e.g. to link a referral. */
export type OnRegistered = (
  tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
  user: User,
  from?: RegisteredFrom,
) => Promise<void>;

export async function register(options: {
  db: Db;
  input: TRegisterBody;
  onRegistered?: OnRegistered;
  /** Mails the link that confirms the new account's address, in the same transaction. */
  confirmEmail: OnRegistered;
  /** `ADMIN_EMAILS`, lower case. */
  adminEmails?: string[];
  /** The device cookie's token of the registering browser, if it sent one. */
  deviceToken?: string;
  /** The registering client's address. */
  address?: string;
}): Promise<User> {
  const { db, input, onRegistered } = options;
  await assertAvailable(db, input, undefined, options.adminEmails);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          name: input.name,
          username: input.username,
          email: input.email,
          passwordHash,
          timeZone: validTimeZone(input.timeZone),
          referralCode: newReferralCode(),
        })
        .returning();
      await openBalance(tx, user.id);
      await onRegistered?.(tx, user, {
        referralCode: input.referralCode,
        referralClick: input.referralClick,
        deviceToken: options.deviceToken,
        address: options.address,
      });
      await options.confirmEmail(tx, user);
      return user;
    });
  } catch (error) {
    throw conflictFor(error) ?? error;
  }
}

/**
 * The account a sign-in names, by username or email (one account, whichever is typed); of two
 * accounts holding one listed staff address unproven, the older, until the other proves it.
 */
export async function findAccount(options: { db: Db; usernameOrEmail: string }): Promise<User | undefined> {
  const login = options.usernameOrEmail.toLowerCase();
  const [user] = await options.db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, login), eq(sql`lower(${users.email})`, login)))
    .orderBy(sql`${users.emailVerifiedAt} is null`, users.createdAt)
    .limit(1);
  return user;
}

/** Checks the password; an unknown account costs the same hashing time as a known one. */
export async function passwordMatches(user: User | undefined, password: string): Promise<boolean> {
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  return user !== undefined && ok;
}

export async function findUser(options: { db: Db; userId: string }): Promise<User | undefined> {
  const [user] = await options.db.select().from(users).where(eq(users.id, options.userId));
  return user;
}

/**
 * Saves name and username. The email is saved here only when it differs in letter case alone (the
 * same mailbox); another address waits for its link (`requestEmailChange`).
 */
export async function updateProfile(options: { db: Db; userId: string; input: TProfileBody }): Promise<User> {
  const { db, userId, input } = options;
  await assertAvailable(db, { username: input.username }, userId);
  try {
    const [user] = await db
      .update(users)
      .set({
        name: input.name,
        username: input.username,
        email: sql`case when lower(${users.email}) = ${input.email.toLowerCase()} then ${input.email} else ${users.email} end`,
      })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw new AppError("UNAUTHORIZED", "Please sign in to continue");
    return user;
  } catch (error) {
    throw conflictFor(error) ?? error;
  }
}

/** Checks the current password, stores the new one and ends every other session of the user. */
export async function changePassword(options: {
  db: Db;
  userId: string;
  currentSessionId: string;
  input: TChangePasswordBody;
}): Promise<void> {
  const { db, userId, currentSessionId, input } = options;
  const user = await findUser({ db, userId });
  if (!user) throw new AppError("UNAUTHORIZED", "Please sign in to continue");
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError("BAD_REQUEST", "Current password is incorrect.");
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx
      .delete(sessions)
      .where(and(eq(sql`${sessions.sess}->>'userId'`, userId), ne(sessions.sid, currentSessionId)));
  });
}
