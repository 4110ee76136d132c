import { z } from "zod";

export const NOTIFICATION_SETTINGS_PATH = "/api/settings/notifications";
export const ACCOUNT_SETTINGS_PATH = "/api/settings/account";

/** The three notification switches of the settings page, saved with the user (docs/product.md#figures-that-are-real). */
export const ZNotificationSettings = z.object({
  revenueAlerts: z.boolean(),
  expiryWarnings: z.boolean(),
  affiliateUpdates: z.boolean(),
});

/** The plan a new account has until a paid account-plan order says otherwise (docs/product.md). */
export const FREE_PLAN = "free";

/** `GET /api/settings/account`: the user's real plan. */
export const ZAccountSettings = z.object({ plan: z.string() });

export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;
export type TAccountSettings = z.infer<typeof ZAccountSettings>;
