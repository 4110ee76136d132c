import { eq } from "drizzle-orm";
import type { TAccountSettings, TNotificationSettings } from "../../../shared/api/settings";
import { users } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import { accountPlanOf } from "../entitlements/entitlements.service";

const signedOut = () => new AppError("UNAUTHORIZED", "Please sign in to continue");

const notificationColumns = {
  revenueAlerts: users.notifyRevenue,
  expiryWarnings: users.notifyExpiry,
  affiliateUpdates: users.notifyAffiliate,
};

export async function getNotificationSettings(options: {
  db: Db;
  userId: string;
}): Promise<TNotificationSettings> {
  const [settings] = await options.db
    .select(notificationColumns)
    .from(users)
    .where(eq(users.id, options.userId));
  if (!settings) throw signedOut();
  return settings;
}

/** Saves all three switches at once; the answer is what is now stored. */
export async function updateNotificationSettings(options: {
  db: Db;
  userId: string;
  input: TNotificationSettings;
}): Promise<TNotificationSettings> {
  const { db, userId, input } = options;
  const [settings] = await db
    .update(users)
    .set({
      notifyRevenue: input.revenueAlerts,
      notifyExpiry: input.expiryWarnings,
      notifyAffiliate: input.affiliateUpdates,
    })
    .where(eq(users.id, userId))
    .returning(notificationColumns);
  if (!settings) throw signedOut();
  return settings;
}

/** The user's plan as their entitlements give it (`free` without an account-plan entitlement). */
export async function getAccountSettings(options: { db: Db; userId: string }): Promise<TAccountSettings> {
  const [account] = await options.db.select({ id: users.id }).from(users).where(eq(users.id, options.userId));
  if (!account) throw signedOut();
  return { plan: await accountPlanOf(options) };
}
