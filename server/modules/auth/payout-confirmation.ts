import { and, eq, max, notInArray } from "drizzle-orm";
import type { Request } from "express";
import { toCents } from "../../../shared/money";
import { payouts } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { assertRecentAuth } from "../../http/require-recent-auth";

/**
 * A payout above the largest the user has made before (any that was not failed or rejected; none
 * for a first payout) needs a recent sign-in: a stolen session cannot empty the balance in one
 * unusual request.
 */
export async function assertPayoutConfirmed(options: {
  db: Db;
  req: Request;
  userId: string;
  amount: string;
}) {
  const [usual] = await options.db
    .select({ largest: max(payouts.amount) })
    .from(payouts)
    .where(and(eq(payouts.userId, options.userId), notInArray(payouts.status, ["failed", "rejected"])));
  if (toCents(options.amount) > toCents(usual?.largest ?? "0")) assertRecentAuth(options.req);
}
