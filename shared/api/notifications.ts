import { z } from "zod";
import type { TNotificationSettings } from "./settings";

export const NOTIFICATIONS_PATHS = {
  list: "/api/notifications",
  read: "/api/notifications/read",
} as const;

/**
 * What a notification is about, and which of the three notification switches decides whether it
 * is also emailed. Kinds with `null` concern the account itself (a payout in trouble, a security
 * alert, a bill, an answer to the user's own request): they are always emailed where the product
 * sends mail about them.
 */
export const NOTIFICATION_KINDS = {
  lead_captured: "revenueAlerts",
  domain_sold: "revenueAlerts",
  buyer_inquiry: "revenueAlerts",
  marketplace_offer: "revenueAlerts",
  marketplace_sale: null,
  funds_released: "revenueAlerts",
  payout_sent: "revenueAlerts",
  payout_held: null,
  payout_failed: null,
  work_order_delivered: null,
  ticket_answered: null,
  report_ready: null,
  security_alert: null,
  billing: null,
  domain_expiring: "expiryWarnings",
  affiliate_joined: "affiliateUpdates",
  commission_earned: "affiliateUpdates",
  campaign_update: "affiliateUpdates",
} as const satisfies Record<string, keyof TNotificationSettings | null>;

export type TNotificationKind = keyof typeof NOTIFICATION_KINDS;
/** Every kind, as `notifications.kind` holds it. */
export const NOTIFICATION_KIND_LIST = Object.keys(NOTIFICATION_KINDS) as [
  TNotificationKind,
  ...TNotificationKind[],
];
export const ZNotificationKind = z.enum(NOTIFICATION_KIND_LIST);

/** How many notifications the list answers, newest first, unless asked for fewer. */
export const NOTIFICATIONS_LIMIT = 30;

export const ZNotificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_LIMIT),
});

/** One notification: `href` is the app path of what it is about. */
export const ZNotification = z.object({
  id: z.string(),
  kind: ZNotificationKind,
  title: z.string(),
  body: z.string(),
  href: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** `GET /api/notifications`: the newest notifications and how many of all of them are unread. */
export const ZNotificationList = z.object({
  items: z.array(ZNotification),
  unreadCount: z.number().int(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

/** `POST /api/notifications/read`: some of the user's notifications by id, or all of them. */
export const ZMarkNotificationsRead = z.union([
  z.object({ ids: z.array(z.uuid()).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type TMarkNotificationsRead = z.infer<typeof ZMarkNotificationsRead>;
