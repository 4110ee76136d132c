import { sql } from "drizzle-orm";
import { users } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import { endAllSessions } from "./sessions.service";

/** What a suspended account is told when it signs in or calls the API. */
export const SUSPENDED_MESSAGE = "This account is suspended. Contact support to restore it.";

/** Refuses a sign-in, a payout or an API call of a suspended account. */
export function assertNotSuspended(user: { suspendedAt: Date | null }): void {
  if (user.suspendedAt) throw new AppError("FORBIDDEN", SUSPENDED_MESSAGE);
}

/**
 * Suspends an account (the operator console): every session of it ends, and sign-ins, API calls
 * and payouts are refused until it is restored. Answers false when it was suspended already.
 */
export async function suspendAccount(db: DbOrTx, userId: string, reason: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [suspended] = await tx
      .update(users)
      .set({ suspendedAt: new Date(), suspendReason: reason })
      .where(sql`${users.id} = ${userId} and ${users.suspendedAt} is null`)
      .returning({ id: users.id });
    if (!suspended) return false;
    await endAllSessions(tx, userId);
    return true;
  });
}

/** Lifts a suspension; false when the account was not suspended. */
export async function restoreAccount(db: DbOrTx, userId: string): Promise<boolean> {
  const restored = await db
    .update(users)
    .set({ suspendedAt: null, suspendReason: null })
    .where(sql`${users.id} = ${userId} and ${users.suspendedAt} is not null`)
    .returning({ id: users.id });
  return restored.length > 0;
}
