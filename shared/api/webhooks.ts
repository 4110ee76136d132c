/** The area's API paths, as Express patterns (filled in with `pathTo`). */
export const WEBHOOK_PATHS = {
  stripe: "/api/webhooks/stripe",
  paypal: "/api/webhooks/paypal",
  mailBounces: "/api/webhooks/mail-bounces",
} as const;
